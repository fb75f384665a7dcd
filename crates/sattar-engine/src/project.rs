//! `sattar.toml`: a project's defaults — source and test folders, the class path, and the
//! methods with their specs — so that in the project's folder `sattar localize --from-test
//! ClassTest#test` is the whole command. Flags always win over the file.

use crate::error::read;
use crate::EngineError;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The file's name, looked for in the working directory.
pub const PROJECT_FILE: &str = "sattar.toml";

/// What a `sattar.toml` says; its paths are relative to its folder.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProjectConfig {
    /// The Java source folders (default `src/main/java`).
    #[serde(default)]
    pub sources: Vec<PathBuf>,
    /// The test source folders (default `src/test/java`).
    #[serde(default)]
    pub tests: Vec<PathBuf>,
    /// Jars and folders the tests compile and run against.
    #[serde(default)]
    pub classpath: Vec<PathBuf>,
    /// The methods to localize in, each with its spec.
    #[serde(default, rename = "target")]
    pub targets: Vec<Target>,
}

/// A method with its specification (`[[target]]`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// `pkg.Class.method` (as `--method` takes it).
    pub method: String,
    /// The spec file (else the annotations in the sources).
    pub spec: Option<PathBuf>,
    /// The ensures set to check.
    pub ensures: Option<String>,
}

impl ProjectConfig {
    /// The `sattar.toml` of `dir`, if there is one, its paths made relative to the working
    /// directory.
    pub fn find(dir: &Path) -> Result<Option<ProjectConfig>, EngineError> {
        let path = dir.join(PROJECT_FILE);
        if !path.is_file() {
            return Ok(None);
        }
        ProjectConfig::load(&path).map(Some)
    }

    /// Reads and checks `path` (an unknown key is an error naming it).
    pub fn load(path: &Path) -> Result<ProjectConfig, EngineError> {
        let text = read(path)?;
        let mut config: ProjectConfig = toml::from_str(&text).map_err(|e| {
            EngineError::Usage(format!("{}: {}", path.display(), e.to_string().trim_end()))
        })?;
        // `./sattar.toml`'s paths stay as written (`src/test/java`, not `./src/test/java`).
        let base = path.parent().filter(|b| *b != Path::new("."));
        let under = |p: &mut PathBuf| {
            if let Some(base) = base {
                *p = base.join(&*p);
            }
        };
        config.sources.iter_mut().for_each(under);
        config.tests.iter_mut().for_each(under);
        config.classpath.iter_mut().for_each(under);
        for t in &mut config.targets {
            t.spec.iter_mut().for_each(under);
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(name: &str, text: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sattar-project-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(dir.join(PROJECT_FILE), text).expect("written");
        dir
    }

    #[test]
    fn paths_are_relative_to_the_file_and_targets_keep_their_order() {
        let dir = written(
            "ok",
            "sources = [\"main\"]\nclasspath = [\"lib/a.jar\"]\n\
             [[target]]\nmethod = \"p.A.m\"\nspec = \"s/A.spec\"\nensures = \"post\"\n\
             [[target]]\nmethod = \"p.B.n\"\n",
        );
        let c = ProjectConfig::find(&dir).expect("read").expect("found");
        assert_eq!(c.sources, vec![dir.join("main")]);
        assert_eq!(c.classpath, vec![dir.join("lib/a.jar")]);
        assert!(c.tests.is_empty());
        let methods: Vec<&str> = c.targets.iter().map(|t| t.method.as_str()).collect();
        assert_eq!(methods, ["p.A.m", "p.B.n"]);
        assert_eq!(c.targets[0].spec, Some(dir.join("s/A.spec")));
        assert_eq!(c.targets[1].ensures, None);
    }

    #[test]
    fn an_unknown_key_is_named_with_its_line() {
        let dir = written("bad", "sources = [\"main\"]\nspecs = \"x\"\n");
        let e = ProjectConfig::find(&dir).expect_err("refused").to_string();
        assert!(
            e.contains("sattar.toml") && e.contains("line 2") && e.contains("specs"),
            "{e}"
        );
    }

    #[test]
    fn no_file_is_no_config() {
        let dir = std::env::temp_dir().join(format!("sattar-project-none-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        assert!(ProjectConfig::find(&dir).expect("fine").is_none());
    }
}
