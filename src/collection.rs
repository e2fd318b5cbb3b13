//! Collection CSV in and out, with Moxfield-style columns
//! (`Count,Tradelist Count,Name,Edition`; Edition = catalog name).
