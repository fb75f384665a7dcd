//! Everything the command writes goes through here. Stdout: a reader that stops reading
//! (`sattar parse Big.java | head -1`) ends the command quietly instead of a panic. Stderr: user
//! text (names, paths, source lines) has its control characters escaped, and a closed stderr is
//! not an error of the command.

use anyhow::{anyhow, Result};
use std::fmt;
use std::io::{ErrorKind, IsTerminal, Write};

/// Stdout was closed by its reader: nothing more can be said, and nothing went wrong.
#[derive(Debug)]
pub struct Closed;

impl fmt::Display for Closed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stdout was closed by its reader")
    }
}

impl std::error::Error for Closed {}

/// Writes `text` to stdout as it is (`Err(Closed)` when the reader has gone).
pub fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Err(Closed.into()),
        Err(e) => Err(anyhow!("cannot write to stdout: {e}")),
    }
}

/// Writes `text` and a line break to stdout.
pub fn println(text: &str) -> Result<()> {
    print(&format!("{text}\n"))
}

/// Writes a message line to stderr, control characters escaped (line breaks kept).
pub fn eprintln(text: &str) {
    let line = format!("{}\n", sattar_report::printable_lines(text));
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// Writes sattar's own progress display to stderr as it is (it moves the cursor on purpose).
pub fn progress(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// A progress line on stderr, shown only when stderr is a terminal, cleared before results.
pub struct Progress {
    on: bool,
    shown: bool,
}

impl Progress {
    /// Shows progress when stderr is a terminal, nothing when it is piped or redirected.
    pub fn on_terminal() -> Progress {
        Progress {
            on: std::io::stderr().is_terminal(),
            shown: false,
        }
    }

    /// Replaces the line with `line` (a `sattar_report` progress line).
    pub fn show(&mut self, line: &str) {
        if self.on {
            progress(line);
            self.shown = true;
        }
    }

    /// Erases the line, if one is shown.
    pub fn clear(&mut self) {
        if self.shown {
            progress(sattar_report::CLEAR_LINE);
            self.shown = false;
        }
    }
}

/// The error for an output file that exists already (sattar never writes over one).
fn exists(path: &std::path::Path, flag: &str) -> anyhow::Error {
    anyhow!(
        "{flag} {}: the file exists; choose another name or remove it",
        path.display()
    )
}

/// Refuses an output path that exists already, before any work is done for it.
pub fn refuse_existing(path: Option<&std::path::Path>, flag: &str) -> Result<()> {
    match path.filter(|p| p.exists()) {
        Some(p) => Err(exists(p, flag)),
        None => Ok(()),
    }
}

/// Writes `text` (and a newline) to a new file at `path`, never over an existing one; errors
/// name the flag the path came from.
pub fn write_new(path: &std::path::Path, flag: &str, text: &str) -> Result<()> {
    let shown = path.display();
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            ErrorKind::AlreadyExists => exists(path, flag),
            _ => anyhow!("{flag} {shown}: cannot create: {e}"),
        })?;
    file.write_all(format!("{text}\n").as_bytes())
        .map_err(|e| anyhow!("{flag} {shown}: cannot write: {e}"))
}
