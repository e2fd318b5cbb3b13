//! Which renderer draws the window: the GPU through wgpu when there is one,
//! the tiny-skia software renderer when the only "GPU" is itself software
//! (Mesa's llvmpipe or lavapipe, SwiftShader, WARP: a machine with no
//! graphics card, a virtual machine, Xvfb).
//!
//! Why: a software GPU runs wgpu's whole pipeline on the processor — an LLVM
//! shader compiler, a 16 MB image atlas, a window-sized 4× multisample
//! buffer and a vertex buffer per clipped layer, all in the app's own memory.
//! Measured on the Xvfb machine after visiting every screen: 229 MB resident
//! through llvmpipe, 44 MB with tiny-skia, which draws the same pixels the
//! UI tests' snapshots are checked against. Issue 25 item 12 asks for less
//! than 200 MB.
//!
//! `ICED_BACKEND` (iced's own switch: `wgpu` or `tiny-skia`) still decides
//! when it is set; the probe only runs when it is not.

/// The variable iced reads to pick its renderer.
const BACKEND: &str = "ICED_BACKEND";

/// What the probe found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// `ICED_BACKEND` was set: the user's choice stands.
    Given(String),
    /// A hardware adapter (or none at all: iced then falls back by itself).
    Gpu,
    /// A software adapter, by name: tiny-skia draws instead.
    Software(String),
}

/// Chooses the renderer before the window opens (iced reads the variable
/// when it creates the window's compositor): on a software adapter the app
/// starts itself again with `ICED_BACKEND=tiny-skia` (on Unix it replaces
/// its own process, so the probe's driver and shader compiler do not stay
/// in memory). Returns only when the app goes on in this process.
pub fn choose() -> Choice {
    if let Some(given) = std::env::var_os(BACKEND) {
        return Choice::Given(given.to_string_lossy().into_owned());
    }
    let choice = probe();
    if let Choice::Software(name) = &choice {
        relaunch(name);
    }
    choice
}

/// Replaces this process with the app under tiny-skia; if that fails the
/// app goes on with wgpu (slower, but it works).
#[cfg(unix)]
fn relaunch(adapter: &str) {
    use std::os::unix::process::CommandExt;
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let error = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(BACKEND, "tiny-skia")
        .exec();
    eprintln!("deckwright: could not restart with tiny-skia instead of {adapter}: {error}");
}

/// Elsewhere the app stays on wgpu.
#[cfg(not(unix))]
fn relaunch(_adapter: &str) {}

/// The adapter wgpu would pick, asked the way iced asks (all backends, or
/// `WGPU_BACKEND`; high performance unless `WGPU_POWER_PREF` says otherwise).
fn probe() -> Choice {
    let backends = wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all());
    let instance = wgpu::Instance::new(&wgpu::InstanceDescriptor {
        backends,
        ..Default::default()
    });
    let options = wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::from_env()
            .unwrap_or(wgpu::PowerPreference::HighPerformance),
        compatible_surface: None,
        force_fallback_adapter: false,
    };
    match iced::futures::executor::block_on(instance.request_adapter(&options)) {
        Ok(adapter) => classify(&adapter.get_info()),
        Err(_) => Choice::Gpu,
    }
}

/// A CPU adapter is software; so is Mesa's llvmpipe when a driver reports
/// it as some other type.
fn classify(info: &wgpu::AdapterInfo) -> Choice {
    let name = info.name.to_lowercase();
    let software = info.device_type == wgpu::DeviceType::Cpu
        || ["llvmpipe", "lavapipe", "softpipe", "swiftshader"]
            .iter()
            .any(|s| name.contains(s));
    if software {
        Choice::Software(info.name.clone())
    } else {
        Choice::Gpu
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adapter(name: &str, device_type: wgpu::DeviceType) -> wgpu::AdapterInfo {
        wgpu::AdapterInfo {
            name: name.into(),
            vendor: 0,
            device: 0,
            device_type,
            driver: String::new(),
            driver_info: String::new(),
            backend: wgpu::Backend::Gl,
        }
    }

    #[test]
    fn software_adapters_are_drawn_with_tiny_skia() {
        assert_eq!(
            classify(&adapter(
                "llvmpipe (LLVM 15.0.6, 256 bits)",
                wgpu::DeviceType::Other
            )),
            Choice::Software("llvmpipe (LLVM 15.0.6, 256 bits)".into())
        );
        assert!(matches!(
            classify(&adapter("SwiftShader Device", wgpu::DeviceType::Cpu)),
            Choice::Software(_)
        ));
        assert_eq!(
            classify(&adapter(
                "AMD Radeon RX 6600",
                wgpu::DeviceType::DiscreteGpu
            )),
            Choice::Gpu
        );
        assert_eq!(
            classify(&adapter(
                "Intel(R) UHD Graphics 620",
                wgpu::DeviceType::IntegratedGpu
            )),
            Choice::Gpu
        );
    }
}
