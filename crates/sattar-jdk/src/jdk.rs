//! Finding the JDK: `JAVA_HOME`, else `javac` on the `PATH` (symlinks resolved).

use crate::JdkError;
use std::path::{Path, PathBuf};

/// A located JDK.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jdk {
    /// The JDK's home directory.
    pub home: PathBuf,
    /// Its `javac`.
    pub javac: PathBuf,
    /// Its `java` launcher.
    pub java: PathBuf,
    /// Its `libjvm.so` (server VM).
    pub libjvm: PathBuf,
}

/// What to do when there is no JDK.
pub const INSTALL_HINT: &str =
    "install one with `apt-get install -y openjdk-17-jdk-headless` (or set JAVA_HOME to a JDK)";

impl Jdk {
    /// Locates the JDK from `JAVA_HOME`, else from `javac` on the `PATH`.
    pub fn locate() -> Result<Jdk, JdkError> {
        if let Some(home) = std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
            return Jdk::at(Path::new(&home))
                .ok_or_else(|| JdkError::NoJdk(format!("JAVA_HOME={} holds no JDK (bin/javac and lib/server/libjvm.so); {INSTALL_HINT}", home.to_string_lossy())));
        }
        let javac = find_on_path("javac").ok_or_else(|| JdkError::NoJdk(format!("no JDK found: JAVA_HOME is unset and there is no javac on the PATH; {INSTALL_HINT}")))?;
        let real = std::fs::canonicalize(&javac).unwrap_or(javac.clone());
        let home = real.parent().and_then(Path::parent).map(Path::to_path_buf);
        home.as_deref().and_then(Jdk::at).ok_or_else(|| {
            JdkError::NoJdk(format!(
                "{} is not inside a JDK with lib/server/libjvm.so; {INSTALL_HINT}",
                real.display()
            ))
        })
    }

    /// What identifies this JDK's compiler output: its home and its `release` file (version).
    pub fn fingerprint(&self) -> String {
        let release = std::fs::read_to_string(self.home.join("release")).unwrap_or_default();
        format!("{}\n{release}", self.home.display())
    }

    /// The JDK at `home`, if it has `bin/javac` and a server `libjvm`.
    pub fn at(home: &Path) -> Option<Jdk> {
        let javac = home.join("bin/javac");
        let libjvm = [
            "lib/server/libjvm.so",
            "jre/lib/amd64/server/libjvm.so",
            "lib/server/libjvm.dylib",
        ]
        .iter()
        .map(|p| home.join(p))
        .find(|p| p.is_file())?;
        let java = home.join("bin/java");
        (javac.is_file() && java.is_file()).then(|| Jdk {
            home: home.to_path_buf(),
            javac,
            java,
            libjvm,
        })
    }
}

fn find_on_path(exe: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(exe))
        .find(|p| p.is_file())
}
