//! The engine's errors: each says what is wrong, where, and what to do.

use sattar_diag::Diagnostic;
use std::fmt;

/// Anything that stops the engine from doing what was asked.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The Java source is malformed or outside the supported subset.
    Java(Vec<Diagnostic>),
    /// The specification is malformed or does not fit the code.
    Spec(Diagnostic),
    /// The fault catalog or a bundled file is at fault.
    Catalog(#[from] sattar_catalog::CatalogError),
    /// A test input is malformed.
    Input(#[from] sattar_heap::HeapError),
    /// A file could not be read.
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The bounded encoding could not be built or solved within its limits.
    Encode(#[from] sattar_encode::EncodeError),
    /// The encoding and the interpreter disagree on a run: a bug in sattar, reported, never hidden.
    Disagreement(String),
    /// A session file could not be written or read back.
    Session(String),
    /// Files a session was recorded on have changed since (their paths).
    Changed(Vec<String>),
    /// The JVM bridge failed while running a test (not the test: the bridge itself).
    Jvm(String),
    /// The JVM bridge could not be set up (no JDK, the subject does not compile, the worker does
    /// not start), or failed on the single test of `sattar run`.
    Bridge(#[from] sattar_jvm::JvmError),
    /// Input generation was refused (a bad finitization).
    Gen(#[from] sattar_gen::GenError),
    /// A ranking or a GZoltar file could not be computed, read or written.
    Rank(#[from] sattar_rank::RankError),
    /// The generated tests cannot be exported as JUnit source.
    Export(#[from] sattar_report::ExportError),
    /// An output file or directory could not be written.
    Write {
        /// What was being done (`writing out/Foo.java`).
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// The given input satisfies the specification: there is no failure to localize.
    NothingToLocalize,
    /// The given input violates the invariant or precondition (these constraints).
    InvalidInput(Vec<String>),
    /// No valid input within the bounds violates the specification (the largest scope tried).
    NoFailingInput(usize),
    /// The request itself is wrong (flags missing or conflicting); the message says what to pass.
    Usage(String),
    /// A JUnit test made no call of the method that violates the spec (the message says why).
    NoFailingCall(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Java(ds) => {
                let texts: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
                f.write_str(&texts.join("\n"))
            }
            EngineError::Spec(d) => write!(f, "{d}"),
            EngineError::Catalog(e) => write!(f, "{e}"),
            EngineError::Input(e) => write!(f, "{e}"),
            EngineError::Io { path, source } => write!(f, "{path}: {source}"),
            EngineError::Encode(e) => write!(f, "{e}"),
            EngineError::Disagreement(m) => write!(
                f,
                "internal error: the SAT encoding and the interpreter disagree: {m}; please report it"
            ),
            EngineError::Session(m) => write!(f, "session {m}"),
            EngineError::Changed(paths) => write!(
                f,
                "{} changed since the session was recorded (its SHA-256 differs); restore {}, or start a new session",
                paths.join(", "),
                if paths.len() == 1 { "it" } else { "them" }
            ),
            EngineError::Jvm(m) => write!(f, "running the test on the JVM: {m}"),
            EngineError::Bridge(e) => write!(f, "{e}"),
            EngineError::Gen(e) => write!(f, "{e}"),
            EngineError::Rank(e) => write!(f, "{e}"),
            EngineError::Export(e) => write!(f, "{e}"),
            EngineError::Write { what, source } => write!(f, "{what}: {source}"),
            EngineError::NothingToLocalize => f.write_str(
                "nothing to localize: the input satisfies the specification (give a failing input, or none to let `check` find one)",
            ),
            EngineError::InvalidInput(names) => write!(
                f,
                "the input is not a valid test: it violates {} in its pre-state; fix the input",
                names.join(", ")
            ),
            EngineError::NoFailingInput(scope) => write!(
                f,
                "no valid input of up to {scope} objects per class violates the specification; give a failing input with --input, or raise --scope"
            ),
            EngineError::Usage(m) | EngineError::NoFailingCall(m) => f.write_str(m),
        }
    }
}

impl From<Diagnostic> for EngineError {
    fn from(d: Diagnostic) -> Self {
        EngineError::Spec(d)
    }
}

/// Reads a text file, naming it in the error; a file that is not UTF-8 is refused at the first
/// bad byte (`F.java:3:9: …`).
pub(crate) fn read(path: &std::path::Path) -> Result<String, EngineError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| EngineError::Io {
        path: name.clone(),
        source,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let good = String::from_utf8_lossy(&bytes[..at]);
        let line = good.matches('\n').count() + 1;
        let col = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        EngineError::Usage(format!(
            "{name}:{line}:{col}: not UTF-8 text (byte 0x{:02x} at byte offset {at}); sattar reads sources, specs and inputs as UTF-8: convert the file (for example with iconv)",
            bytes[at]
        ))
    })
}
