//! The front end: javac attributes the sources (through `sattar-jdk`), and its attributed trees
//! are lowered once into the core IR that every engine walks. javac decides everything Java
//! decides — syntax, names, types, overloads, definite assignment, reachability — so what sattar
//! analyses is what javac compiles; this module decides what sattar supports. A method outside the
//! supported language is kept with the reason (`Method::unsupported`): only what an analysed
//! method reaches must be supported.

mod arrays;
mod body;
mod chars;
mod decls;
mod expr;
mod library;
pub(crate) use library::blame_only;
mod models;
mod stmts;
mod strings;

use crate::ir::*;
use sattar_diag::{Diagnostic, LineIndex, Pos};
use sattar_jdk::tree::{JavacDiagnostic, Node as JNode, Utf16Map};
use sattar_jdk::{JdkError, SourceText};

/// Where the README lists what sattar analyses.
const SUBSET_HELP: &str = "sattar analyses a subset of Java (see README: \"The Java sattar analyses\"); code outside it may stay in the file as long as the analysed method does not reach it";

/// Parses and checks one Java file. `Err` with javac's errors, or, when every method is fine
/// for javac but some are outside sattar's language, with one diagnostic per such method (see
/// [`parse_sources`] for a program that keeps them).
pub fn parse_program(file: &str, text: &str) -> Result<Program, Vec<Diagnostic>> {
    let program = parse_sources(&[SourceText {
        path: file.to_string(),
        text: text.to_string(),
    }])?;
    let unsupported: Vec<Diagnostic> = program
        .methods
        .iter()
        .filter(|m| m.kind != MethodKind::Library)
        .filter_map(|m| m.unsupported.clone())
        .collect();
    if unsupported.is_empty() {
        Ok(program)
    } else {
        Err(unsupported)
    }
}

/// Parses and checks a set of Java files (packages and imports resolved among them). `Err` only
/// with javac's errors (or a missing JDK); methods sattar cannot analyse carry their reason.
pub fn parse_sources(sources: &[SourceText]) -> Result<Program, Vec<Diagnostic>> {
    parse_sources_naming(sources, &[], &[])
}

/// [`parse_sources`], with sattar's models of what `also` names too (a test's Strings and
/// collections, which reach the program's objects though the program never names them),
/// attributed against the jars and folders of `classpath` (a test class against JUnit).
pub fn parse_sources_naming(
    sources: &[SourceText],
    also: &[&str],
    classpath: &[std::path::PathBuf],
) -> Result<Program, Vec<Diagnostic>> {
    let first = sources.first().map_or("", |s| s.path.as_str());
    if sources.is_empty() {
        return Err(vec![plain(first, "no Java source was given")]);
    }
    // The model sources of java.util come last: the program's statements are numbered first.
    let mut texts: Vec<&str> = sources.iter().map(|s| s.text.as_str()).collect();
    texts.extend(also);
    let models = crate::library::models_for(&texts);
    let mut all = sources.to_vec();
    all.extend(models.iter().map(|m| SourceText {
        path: m.path.to_string(),
        text: m.text.to_string(),
    }));
    let rename = (!models.is_empty()).then_some(crate::library::MODEL_RENAME);
    let attributed = sattar_jdk::attribute_renamed(&all, rename, classpath)
        .map_err(|e| vec![jdk_error(first, e)])?;
    let files: Vec<FileCx> = all
        .iter()
        .map(|s| FileCx {
            path: s.path.clone(),
            text: s.text.clone(),
            lines: LineIndex::new(&s.text),
            utf16: Utf16Map::new(&s.text),
        })
        .collect();
    let cx = Cx {
        files: &files,
        nodes: &attributed.nodes,
        units: &attributed.units,
    };
    if !attributed.ok {
        return Err(javac_errors(&cx, &attributed.diags));
    }
    if attributed.units.len() != files.len() {
        return Err(vec![plain(
            first,
            "javac returned fewer compilation units than files",
        )]);
    }
    let decls = decls::collect(&cx);
    let mut program = body::lower_program(&cx, decls);
    library::seal_models(&mut program);
    Ok(program)
}

fn plain(file: &str, msg: impl Into<String>) -> Diagnostic {
    Diagnostic {
        file: file.to_string(),
        pos: Pos { line: 1, col: 1 },
        len: 1,
        kind: "error".into(),
        message: msg.into(),
        help: None,
        source_line: None,
    }
}

fn jdk_error(file: &str, e: JdkError) -> Diagnostic {
    match e {
        JdkError::NoJdk(_) => plain(file, format!("cannot read Java without a working JDK: {e}"))
            .with_help(sattar_jdk::INSTALL_HINT),
        JdkError::Timeout(_) => plain(file, e.to_string()),
        _ => plain(file, format!("javac could not read the sources: {e}")),
    }
}

/// javac's errors as located diagnostics (its message's first line; the rest as help).
fn javac_errors(cx: &Cx, diags: &[JavacDiagnostic]) -> Vec<Diagnostic> {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let Some(f) = d.file.and_then(|i| cx.files.get(i)) else {
                return plain(cx.files[0].path.as_str(), d.msg.clone());
            };
            let at = if d.p >= 0 { d.p } else { d.s };
            let start = f.utf16.byte(at).unwrap_or(0);
            let end = f.utf16.byte(d.e).unwrap_or(start).max(start);
            let len = f.text[start..end]
                .lines()
                .next()
                .map_or(1, |l| l.chars().count());
            let mut msg = d.msg.lines();
            let first = msg.next().unwrap_or("error").to_string();
            let rest: Vec<&str> = msg.map(str::trim).filter(|l| !l.is_empty()).collect();
            let diag = f.diag_at(start, len, "error", first);
            if rest.is_empty() {
                diag
            } else {
                diag.with_help(rest.join("; "))
            }
        })
        .collect()
}

/// One source file, for positions and texts.
pub(crate) struct FileCx {
    pub path: String,
    pub text: String,
    pub lines: LineIndex,
    pub utf16: Utf16Map,
}

impl FileCx {
    pub fn diag_at(
        &self,
        offset: usize,
        len: usize,
        kind: &str,
        msg: impl Into<String>,
    ) -> Diagnostic {
        let pos = self.lines.pos(&self.text, offset);
        Diagnostic::new(&self.path, &self.text, pos, len as u32, kind, msg)
    }
}

/// The files and javac's nodes, for lowering and making diagnostics.
pub(crate) struct Cx<'a> {
    pub files: &'a [FileCx],
    pub nodes: &'a [JNode],
    /// The compilation unit node of each file: a file's nodes are those from its unit to the next.
    pub units: &'a [usize],
}

impl<'a> Cx<'a> {
    /// Node `i` of javac's tree.
    pub fn node(&self, i: usize) -> &'a JNode {
        &self.nodes[i]
    }

    /// The file node `i` is in.
    pub fn file_of(&self, i: usize) -> FileId {
        let k = self.units.partition_point(|&u| u <= i).saturating_sub(1);
        FileId(k as u32)
    }

    fn fcx(&self, i: usize) -> &'a FileCx {
        &self.files[self.file_of(i).0 as usize]
    }

    /// A node's byte span in its file (a synthetic node's end is its start).
    pub fn span(&self, i: usize) -> Span {
        let n = self.node(i);
        let f = self.fcx(i);
        let start = f.utf16.byte(n.s).unwrap_or(0);
        let end = f.utf16.byte(n.e).unwrap_or(start).max(start);
        Span { start, end }
    }

    /// The byte offset of a node's preferred position.
    pub fn pref(&self, i: usize) -> usize {
        let n = self.node(i);
        self.fcx(i)
            .utf16
            .byte(n.p)
            .unwrap_or_else(|| self.span(i).start)
    }

    /// Whether node `i` is in one of sattar's model sources (not the user's code).
    pub fn is_model(&self, i: usize) -> bool {
        crate::library::is_model_path(&self.fcx(i).path)
    }

    /// The text of the file of node `i`.
    pub fn text_of(&self, i: usize) -> &'a str {
        &self.fcx(i).text
    }

    /// A node's source text.
    pub fn src(&self, i: usize) -> &'a str {
        let s = self.span(i);
        &self.text_of(i)[s.start..s.end]
    }

    /// The line of byte `offset` in the file of node `i`.
    pub fn line(&self, i: usize, offset: usize) -> u32 {
        let f = self.fcx(i);
        f.lines.pos(&f.text, offset).line
    }

    /// A diagnostic underlining `len` characters at byte `offset` of node `i`'s file.
    pub fn diag_at(
        &self,
        i: usize,
        offset: usize,
        len: usize,
        kind: &str,
        msg: impl Into<String>,
    ) -> Diagnostic {
        self.fcx(i).diag_at(offset, len, kind, msg)
    }

    /// A diagnostic underlining the first line of node `i`.
    pub fn diag(&self, i: usize, kind: &str, msg: impl Into<String>) -> Diagnostic {
        let len = self.src(i).lines().next().map_or(1, |l| l.chars().count());
        self.diag_at(i, self.span(i).start, len, kind, msg)
    }

    /// "sattar does not support this".
    pub fn unsupported(&self, i: usize, what: impl Into<String>) -> Diagnostic {
        self.diag(i, "unsupported", what).with_help(SUBSET_HELP)
    }

    /// A plain error at node `i`.
    pub fn error(&self, i: usize, msg: impl Into<String>) -> Diagnostic {
        self.diag(i, "error", msg)
    }
}

/// javac's kind as words: `ENHANCED_FOR_LOOP` → `enhanced for loop`.
pub(crate) fn pretty(kind: &str) -> String {
    kind.to_lowercase().replace('_', " ")
}

/// Whitespace runs collapsed to one space: how statement texts are shown.
pub(crate) fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
