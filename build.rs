//! What the core says of its own build (`_core.build_info`, read by pegrace.provenance): a
//! hash of the sources it was compiled from, which names the very core that made a report, and
//! the git commit of the checkout it was built in (a wheel built from a source archive has
//! none: "unknown").

use sha2::{Digest, Sha256};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const SOURCE_DIGITS: usize = 12; // of the sources' SHA-256: enough to tell two builds apart

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut files = Vec::new();
    collect(&root.join("core"), &mut files);
    files.extend([
        root.join("Cargo.toml"),
        root.join("Cargo.lock"),
        root.join("build.rs"),
    ]);
    files.sort();
    let mut hasher = Sha256::new();
    for file in &files {
        let name = file.strip_prefix(&root).unwrap_or(file);
        hasher.update(name.to_string_lossy().as_bytes());
        hasher.update([0]);
        hasher.update(fs::read(file).unwrap_or_default());
        hasher.update([0]);
    }
    let digest: String = hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    println!(
        "cargo:rustc-env=PEGRACE_CORE_SOURCE={}",
        &digest[..SOURCE_DIGITS]
    );
    let commit = git_commit(&root).unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=PEGRACE_CORE_COMMIT={commit}");
    let profile = env::var("PROFILE").unwrap_or_else(|_| "unknown".to_string());
    println!("cargo:rustc-env=PEGRACE_CORE_PROFILE={profile}");
    for watched in ["core", "Cargo.toml", "Cargo.lock", "build.rs"] {
        println!("cargo:rerun-if-changed={watched}");
    }
}

/// Every file under ``folder``, in any order.
fn collect(folder: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}

/// The checkout's commit, where the build runs in one with git at hand.
fn git_commit(root: &Path) -> Option<String> {
    let found = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()?;
    let commit = String::from_utf8(found.stdout).ok()?.trim().to_string();
    (found.status.success() && commit.len() == 40).then_some(commit)
}
