//! sattar's JVM bridge: instruments a Java subject with coverage, branch and step probes,
//! compiles it with the JDK's `javac` (cached), and runs tests on the real JVM hosted by a worker
//! process through the JNI invocation API. What the code under test does (throw, loop, overflow
//! the stack, exhaust the heap, call `System.exit`, crash the JVM) is the test's outcome; the
//! worker is restarted when it dies and the run goes on.

mod capture;
mod classfile;
mod compile;
mod instrument;
mod layout;
mod protocol;
mod runner;
// The worker hosts the JVM through the JNI invocation API and redirects file descriptors.
#[allow(unsafe_code)]
mod worker;

pub use capture::{capture, CapturedCall, JUnitTest, TestCapture, CAPTURE_SOURCES};
pub use instrument::{instrument, RUNTIME_SOURCES};
pub use runner::{JvmOptions, JvmRunner, WorkerCommand};
pub use sattar_jdk::{default_cache_dir, Jdk};
pub use worker::{worker_main, WORKER_STACK_BYTES};

impl From<sattar_jdk::JdkError> for JvmError {
    fn from(e: sattar_jdk::JdkError) -> Self {
        match e {
            sattar_jdk::JdkError::NoJdk(m) => JvmError::NoJdk(m),
            other => JvmError::Io(other.to_string()),
        }
    }
}

/// A problem of the bridge itself (never an outcome of the code under test).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JvmError {
    /// No usable JDK was found.
    #[error("{0}")]
    NoJdk(String),
    /// javac rejected the subject: `file:line: error: message` lines.
    #[error("the subject does not compile:\n{0}")]
    Compile(String),
    /// A file-system or process problem.
    #[error("{0}")]
    Io(String),
    /// The worker process could not be started or misbehaved.
    #[error("JVM worker: {0}")]
    Worker(String),
    /// A method the capture probe cannot be put in.
    #[error("{0}")]
    NotCapturable(String),
    /// The test input does not fit the method.
    #[error("the input does not fit {method}: {why}")]
    BadInput {
        /// The method.
        method: String,
        /// What is wrong.
        why: String,
    },
}
