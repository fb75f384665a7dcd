//! The fault catalogs: the bundled one (`java-subjects/faults.toml`) or a file the user chose
//! (`--catalog`), each fault a set of one-line mutations of the correct source, so there is one
//! source of truth per subject. Also finds the directory that holds the bundled subjects.

pub mod inputs;

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The catalog file, relative to the bundle root.
pub const CATALOG_PATH: &str = "java-subjects/faults.toml";

/// A catalog problem: which file, which fault, what to do.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// The bundle root could not be found.
    #[error("cannot find the bundled subjects ({CATALOG_PATH}): run sattar from the repository, or set SATTAR_HOME to it")]
    NoRoot,
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The catalog is not valid TOML of the expected shape.
    #[error("{path}: {message}")]
    Format {
        /// The file.
        path: String,
        /// The parser's message (it includes line and column).
        message: String,
    },
    /// A mutation does not match the source it mutates.
    #[error("{catalog}: fault {fault}: {file}:{line} does not contain `{original}`; update the catalog to match the source")]
    Drift {
        /// The catalog file.
        catalog: String,
        /// The fault id.
        fault: String,
        /// The subject file.
        file: String,
        /// The mutation's line.
        line: u32,
        /// The text that should be there.
        original: String,
    },
    /// No fault has the given id.
    #[error(
        "no fault `{id}` in {catalog}; `sattar faults` lists them (did you mean {suggestion}?), and a fault of another catalog needs `--catalog FILE`"
    )]
    UnknownFault {
        /// The catalog file.
        catalog: String,
        /// The requested id.
        id: String,
        /// The closest id.
        suggestion: String,
    },
}

/// One mutation: on `line`, `original` becomes `faulty`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Mutation {
    /// The file, relative to the subject folder (only when the subject is a folder).
    #[serde(default)]
    pub file: Option<String>,
    /// 1-based line of the correct source.
    pub line: u32,
    /// The text replaced.
    pub original: String,
    /// The faulty text.
    pub faulty: String,
}

/// A seeded fault (or a combination of faults).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Fault {
    /// Its id, `subject.name` (`sll.sizeErr`).
    pub id: String,
    /// The correct subject source, relative to the bundle root: a file, or a folder whose
    /// `.java` files (a package tree) are the subject.
    pub subject: String,
    /// The spec file, relative to the bundle root.
    pub spec: String,
    /// The method under analysis.
    pub method: String,
    /// Which `ensures` set of the method applies.
    pub ensures: Option<String>,
    /// What the fault does.
    pub description: String,
    /// The mutations.
    pub mutations: Vec<Mutation>,
    /// Why `sattar eval` runs it only when asked by name: its evaluation takes minutes.
    #[serde(default)]
    pub heavy: Option<String>,
}

impl Fault {
    /// The faulty lines, ascending.
    pub fn faulty_lines(&self) -> Vec<u32> {
        let mut lines: Vec<u32> = self.mutations.iter().map(|m| m.line).collect();
        lines.sort_unstable();
        lines.dedup();
        lines
    }

    /// Whether this combines several faults.
    pub fn is_multi(&self) -> bool {
        self.faulty_lines().len() > 1
    }

    /// The faulty statements' places: `(file relative to the bundle root, line)`, sorted.
    pub fn faulty_locations(&self) -> Vec<(String, u32)> {
        let mut out: Vec<(String, u32)> = self
            .mutations
            .iter()
            .map(|m| (self.file_of(m), m.line))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The file a mutation changes, relative to the bundle root.
    pub fn file_of(&self, m: &Mutation) -> String {
        match &m.file {
            Some(f) => format!("{}/{f}", self.subject.trim_end_matches('/')),
            None => self.subject.clone(),
        }
    }

    /// The faulty source of file `file` (relative to the bundle root): `correct` with the
    /// mutations of that file applied (line numbers are unchanged).
    pub fn apply_to(&self, file: &str, correct: &str) -> Result<String, CatalogError> {
        let mut lines: Vec<String> = correct.split('\n').map(str::to_string).collect();
        for m in self.mutations.iter().filter(|m| self.file_of(m) == file) {
            let slot = lines
                .get_mut(m.line.saturating_sub(1) as usize)
                .filter(|l| l.contains(&m.original));
            let Some(l) = slot else {
                return Err(CatalogError::Drift {
                    catalog: CATALOG_PATH.to_string(),
                    fault: self.id.clone(),
                    file: file.to_string(),
                    line: m.line,
                    original: m.original.clone(),
                });
            };
            *l = l.replacen(&m.original, &m.faulty, 1);
        }
        Ok(lines.join("\n"))
    }

    /// The faulty source of a one-file subject.
    pub fn apply(&self, correct: &str) -> Result<String, CatalogError> {
        self.apply_to(&self.subject, correct)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    /// The folder the faults' paths are relative to, relative to the catalog file's folder
    /// (default: that folder itself).
    root: Option<String>,
    fault: Vec<Fault>,
}

/// The loaded catalog with the root its paths are relative to.
#[derive(Clone, Debug)]
pub struct Catalog {
    /// The folder every path of the catalog is relative to (for the bundled one, the repository).
    pub root: PathBuf,
    /// The catalog file, as errors name it.
    pub file: String,
    /// Every fault, in catalog order.
    pub faults: Vec<Fault>,
}

/// The catalog `--catalog` chose for this process, if any.
static CHOSEN: OnceLock<Catalog> = OnceLock::new();

/// Makes the catalog file at `path` the one [`Catalog::active`] returns for the rest of the
/// process (`--catalog`): loaded and checked now, so a bad file is reported before any work.
pub fn choose(path: &Path) -> Result<(), CatalogError> {
    let catalog = Catalog::load_file(path)?;
    let _ = CHOSEN.set(catalog);
    Ok(())
}

impl Catalog {
    /// Loads the bundled catalog under `root` (the repository), checking every mutation.
    pub fn load(root: &Path) -> Result<Catalog, CatalogError> {
        Catalog::load_file(&root.join(CATALOG_PATH))
    }

    /// Loads a catalog file, checking every mutation against its source. Its paths are relative
    /// to its own folder, or to the folder its top-level `root = "…"` names (relative to its own).
    pub fn load_file(path: &Path) -> Result<Catalog, CatalogError> {
        let text = read(path)?;
        let parsed: CatalogFile = toml::from_str(&text).map_err(|e| CatalogError::Format {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        let folder = path.parent().unwrap_or(Path::new("."));
        let root = match &parsed.root {
            Some(r) => folder.join(r),
            None => folder.to_path_buf(),
        };
        let catalog = Catalog {
            root,
            file: path.display().to_string(),
            faults: parsed.fault,
        };
        for f in &catalog.faults {
            let sources = catalog.faulty_sources(f)?;
            for m in &f.mutations {
                let file = f.file_of(m);
                if !sources.iter().any(|(p, _)| *p == file) {
                    return Err(CatalogError::Drift {
                        catalog: catalog.file.clone(),
                        fault: f.id.clone(),
                        file,
                        line: m.line,
                        original: m.original.clone(),
                    });
                }
            }
        }
        Ok(catalog)
    }

    /// Finds the bundle root and loads the catalog there.
    pub fn bundled() -> Result<Catalog, CatalogError> {
        Catalog::load(&find_root().ok_or(CatalogError::NoRoot)?)
    }

    /// The catalog `--catalog` chose ([`choose`]), else the bundled one: what `--fault` ids and
    /// `sattar eval` refer to.
    pub fn active() -> Result<Catalog, CatalogError> {
        match CHOSEN.get() {
            Some(c) => Ok(c.clone()),
            None => Catalog::bundled(),
        }
    }

    /// Reads a file relative to the root.
    pub fn read(&self, rel: &str) -> Result<String, CatalogError> {
        read(&self.root.join(rel))
    }

    /// The fault with this id.
    pub fn fault(&self, id: &str) -> Result<&Fault, CatalogError> {
        self.faults
            .iter()
            .find(|f| f.id == id)
            .ok_or_else(|| CatalogError::UnknownFault {
                catalog: self.file.clone(),
                id: id.to_string(),
                suggestion: closest(id, self.faults.iter().map(|f| f.id.as_str())),
            })
    }

    /// The faulty source of a one-file fault.
    pub fn faulty_source(&self, fault: &Fault) -> Result<String, CatalogError> {
        (fault.apply(&self.read(&fault.subject)?)).map_err(|e| self.named_in(e))
    }

    /// `e` naming this catalog's file when it is a drift (a [`Fault`] alone does not know it).
    fn named_in(&self, e: CatalogError) -> CatalogError {
        match e {
            CatalogError::Drift {
                fault,
                file,
                line,
                original,
                ..
            } => CatalogError::Drift {
                catalog: self.file.clone(),
                fault,
                file,
                line,
                original,
            },
            e => e,
        }
    }

    /// The faulty sources of a fault, `(path relative to the root, text)`: the subject file, or
    /// every `.java` file of the subject folder (sorted), mutations applied.
    pub fn faulty_sources(&self, fault: &Fault) -> Result<Vec<(String, String)>, CatalogError> {
        let dir = self.root.join(&fault.subject);
        if !dir.is_dir() {
            return Ok(vec![(fault.subject.clone(), self.faulty_source(fault)?)]);
        }
        let mut files = Vec::new();
        java_files(&dir, &mut files).map_err(|source| CatalogError::Io {
            path: dir.display().to_string(),
            source,
        })?;
        files.sort();
        files
            .into_iter()
            .map(|p| {
                let rel = p
                    .strip_prefix(&self.root)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = fault
                    .apply_to(&rel, &read(&p)?)
                    .map_err(|e| self.named_in(e))?;
                Ok((rel, text))
            })
            .collect()
    }
}

fn java_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            java_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "java") {
            out.push(p);
        }
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, CatalogError> {
    std::fs::read_to_string(path).map_err(|source| CatalogError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// The id among `ids` sharing the longest case-insensitive prefix/suffix with `id`.
fn closest<'a>(id: &str, ids: impl Iterator<Item = &'a str>) -> String {
    let score = |c: &str| {
        let a = id.to_lowercase();
        let b = c.to_lowercase();
        let pre = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
        let suf = a
            .chars()
            .rev()
            .zip(b.chars().rev())
            .take_while(|(x, y)| x == y)
            .count();
        pre + suf
    };
    ids.max_by_key(|c| score(c)).unwrap_or_default().to_string()
}

/// The directory holding the bundled subjects: `SATTAR_HOME`, else the working directory or one of
/// its ancestors, else the source tree this binary was built from.
pub fn find_root() -> Option<PathBuf> {
    let has = |p: &Path| p.join(CATALOG_PATH).is_file();
    if let Some(h) = std::env::var_os("SATTAR_HOME").map(PathBuf::from) {
        return has(&h).then_some(h);
    }
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(p) = cwd.ancestors().find(|p| has(p)) {
            return Some(p.to_path_buf());
        }
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    has(&built).then_some(built)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled() -> Catalog {
        Catalog::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
            .expect("the bundled catalog loads")
    }

    #[test]
    fn the_bundled_catalog_has_every_fault_of_the_paper() {
        let c = bundled();
        let ids: Vec<&str> = c.faults.iter().map(|f| f.id.as_str()).collect();
        for want in [
            "sll.sizeErr",
            "sll.headErr",
            "sll.removeErr",
            "sll.sllSizeRemErr",
            "bst.traverseErr",
            "bst.rootErr",
            "bst.branchErr",
            "bst.rightErr",
            "bst.parentErr",
            "bst.sizeErr1",
            "bst.sizeErr2",
            "bst.bstRootParErr",
            "bst.bstRootSizRghtErr",
        ] {
            assert!(ids.contains(&want), "{want} missing");
        }
        assert_eq!(
            c.fault("bst.bstRootSizRghtErr").unwrap().faulty_lines(),
            [31, 35, 38]
        );
        assert!(c.fault("bst.bstRootParErr").unwrap().is_multi());
        assert!(!c.fault("sll.sizeErr").unwrap().is_multi());
    }

    #[test]
    fn a_mutation_changes_exactly_its_line() {
        let c = bundled();
        let f = c.fault("sll.sizeErr").unwrap();
        let correct = c.read(&f.subject).unwrap();
        let faulty = c.faulty_source(f).unwrap();
        let diff: Vec<(usize, &str)> = correct
            .lines()
            .zip(faulty.lines())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (_, b))| (i + 1, b))
            .collect();
        assert_eq!(diff, [(23, "                size = 0;")]);
    }

    #[test]
    fn drift_and_unknown_ids_are_reported() {
        let c = bundled();
        let mut f = c.fault("sll.sizeErr").unwrap().clone();
        f.mutations[0].line = 3;
        let e = c.faulty_source(&f).unwrap_err().to_string();
        assert!(
            e.contains("LinkedList.java:3 does not contain `size = size - 1;`"),
            "{e}"
        );
        let e = c.fault("sll.sizeerr").unwrap_err().to_string();
        assert!(e.contains("did you mean sll.sizeErr"), "{e}");
    }
}
