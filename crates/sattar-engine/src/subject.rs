//! A subject: the Java program, the method under analysis, its resolved specification and, for a
//! bundled fault, the catalog entry. Built from files or from `--fault ID`.

use crate::digest::{changed, FileDigest};
use crate::error::{read, EngineError};
use crate::sources::read_sources;
use sattar_catalog::{Catalog, Fault};
use sattar_heap::{input_from_json, LoadNote, TestInput};
use sattar_java::library::storage;
use sattar_java::{parse_sources_naming, MethodId, Program};
use sattar_jdk::SourceText;
use sattar_spec::{parse_annotation, parse_spec, resolve, AnnotationKind, ResolvedMethod, Spec};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What the user asked to analyse.
#[derive(Clone, Debug, Default)]
pub struct SubjectRequest {
    /// Java files or folders (exclusive with `fault`).
    pub java: Vec<PathBuf>,
    /// A bundled fault id (exclusive with `java`).
    pub fault: Option<String>,
    /// The method (`name`, `Class.name`, `pkg.Class.name`; `Class.Class` for a constructor);
    /// optional when the sources have one method.
    pub method: Option<String>,
    /// A spec file, merged with the annotations in the Java file.
    pub spec: Option<PathBuf>,
    /// The `ensures` set to check.
    pub ensures: Option<String>,
    /// Without `ensures`, take the method's first set instead of refusing (for input generation,
    /// which reads no postcondition).
    pub any_ensures: bool,
    /// The files (sources, then the spec) must have exactly these contents (a resumed session's
    /// record); a difference is refused before anything is parsed.
    pub expect: Option<Vec<FileDigest>>,
    /// Files or folders whose library names join the program's (a JUnit test's sources: the
    /// Strings and collections it hands the program need sattar's models).
    pub library_from: Vec<PathBuf>,
    /// Jars and folders the sources are attributed, compiled and run against (JUnit, for a test
    /// class analysed as the program).
    pub classpath: Vec<PathBuf>,
    /// The method whose statements alone are suspects (`--spec-from-test`: the method under
    /// test, while the analysed method is the test); every other method runs as library code.
    pub blame: Option<String>,
}

/// A loaded, checked subject.
#[derive(Clone, Debug)]
pub struct Subject {
    /// The parsed program.
    pub program: Program,
    /// The method under analysis.
    pub method: MethodId,
    /// Its resolved specification (invariants, requires, the chosen ensures).
    pub spec: ResolvedMethod,
    /// The catalog entry, for a bundled fault.
    pub fault: Option<Fault>,
    /// The files it was read from (sources, then the spec file), with their SHA-256.
    pub files: Vec<FileDigest>,
    /// Jars and folders the program is compiled and run against.
    pub classpath: Vec<PathBuf>,
}

impl Subject {
    /// Loads what `req` names: parses the Java, finds the method, merges and resolves the spec.
    pub fn load(req: &SubjectRequest) -> Result<Subject, EngineError> {
        match (req.java.is_empty(), &req.fault) {
            (false, Some(_)) => Err(EngineError::Usage(
                "give either Java files or --fault ID, not both".into(),
            )),
            (true, None) => Err(EngineError::Usage(
                "nothing to analyse: give Java files or folders (with --method) or --fault ID (see `sattar faults`)".into(),
            )),
            (false, None) => {
                let sources = read_sources(&req.java)?;
                Self::assemble(&sources, req, None, None)
            }
            (true, Some(id)) => Self::from_fault(id, req),
        }
    }

    /// The spec file's path and text, if the request names one.
    fn spec_text(req: &SubjectRequest) -> Result<Option<(String, String)>, EngineError> {
        req.spec
            .as_ref()
            .map(|p| Ok((p.display().to_string(), read(p)?)))
            .transpose()
    }

    /// Refuses files whose contents differ from what the request expects.
    fn verify(req: &SubjectRequest, files: &[FileDigest]) -> Result<(), EngineError> {
        match &req.expect {
            Some(want) => match changed(want, files).as_slice() {
                [] => Ok(()),
                paths => Err(EngineError::Changed(paths.to_vec())),
            },
            None => Ok(()),
        }
    }

    fn from_fault(id: &str, req: &SubjectRequest) -> Result<Subject, EngineError> {
        let catalog = Catalog::active()?;
        let fault = catalog.fault(id)?.clone();
        Self::of_catalog_fault(&catalog, fault, req)
    }

    /// The subject of a fault of the active catalog's subjects (the bundled one unless
    /// `--catalog` chose another) that need not be in the catalog (a mutant): its faulty
    /// sources, spec and `ensures` set.
    pub fn of_fault(fault: &Fault) -> Result<Subject, EngineError> {
        Self::of_fault_in(&Catalog::active()?, fault)
    }

    /// [`Subject::of_fault`] with paths relative to `catalog`'s root (a user's files: the
    /// working directory); a fault whose `spec` is empty reads the sources' annotations alone.
    pub fn of_fault_in(catalog: &Catalog, fault: &Fault) -> Result<Subject, EngineError> {
        Self::of_catalog_fault(catalog, fault.clone(), &SubjectRequest::default())
    }

    fn of_catalog_fault(
        catalog: &Catalog,
        fault: Fault,
        req: &SubjectRequest,
    ) -> Result<Subject, EngineError> {
        let sources: Vec<SourceText> = catalog
            .faulty_sources(&fault)?
            .into_iter()
            .map(|(path, text)| SourceText { path, text })
            .collect();
        let req = SubjectRequest {
            java: Vec::new(),
            fault: None,
            method: req.method.clone().or_else(|| Some(fault.method.clone())),
            spec: req
                .spec
                .clone()
                .or_else(|| (!fault.spec.is_empty()).then(|| catalog.root.join(&fault.spec))),
            ensures: req.ensures.clone().or_else(|| fault.ensures.clone()),
            any_ensures: req.any_ensures,
            expect: req.expect.clone(),
            library_from: req.library_from.clone(),
            classpath: req.classpath.clone(),
            blame: req.blame.clone(),
        };
        Self::assemble(&sources, &req, Some(fault), Some(&catalog.root))
    }

    /// The subject of `sources` and the request's spec; `root`: the catalog's root, which a
    /// bundled file's digest is named relative to (so a session moves with the repository).
    fn assemble(
        sources: &[SourceText],
        req: &SubjectRequest,
        fault: Option<Fault>,
        root: Option<&Path>,
    ) -> Result<Subject, EngineError> {
        let spec_file = Self::spec_text(req)?;
        let spec_digest = req
            .spec
            .as_deref()
            .zip(spec_file.as_ref())
            .map(|(p, (_, t))| {
                let name = root.and_then(|r| p.strip_prefix(r).ok()).unwrap_or(p);
                FileDigest::of(&name.display().to_string(), t)
            });
        let files: Vec<FileDigest> = sources
            .iter()
            .map(|s| FileDigest::of(&s.path, &s.text))
            .chain(spec_digest)
            .collect();
        Self::verify(req, &files)?;
        let also = match req.library_from.is_empty() {
            true => Vec::new(),
            false => read_sources(&req.library_from)?,
        };
        let also: Vec<&str> = also.iter().map(|s| s.text.as_str()).collect();
        let mut program =
            parse_sources_naming(sources, &also, &req.classpath).map_err(EngineError::Java)?;
        let method = pick_method(&program, req.method.as_deref())?;
        if let Some(blamed) = &req.blame {
            let blamed = pick_method(&program, Some(blamed))?;
            program.blame_only(blamed);
        }
        program
            .check_supported(method)
            .map_err(|d| EngineError::Java(vec![d]))?;
        let spec = load_spec(&program, method, spec_file.as_ref())?;
        // Without a chosen set, input generation (which reads no postcondition) takes the first.
        let first = match (&req.ensures, req.any_ensures) {
            (None, true) => spec
                .method(&program.method(method).name)
                .and_then(|m| m.ensures_sets().into_iter().next()),
            _ => None,
        };
        let unspecified =
            spec.invariants.is_empty() && spec.method(&program.method(method).name).is_none();
        let resolved = if unspecified {
            // No specification: the implicit constraints alone (no exception escapes, the run
            // terminates within the bounds), as bounded model checkers check by default.
            ResolvedMethod {
                sig: program.sig(method),
                ensures_set: None,
                constraints: Vec::new(),
            }
        } else {
            resolve(
                &spec,
                &program.schema(),
                &program.sig(method),
                req.ensures.as_deref().or(first.as_deref()),
            )?
        };
        Ok(Subject {
            program,
            method,
            spec: resolved,
            fault,
            files,
            classpath: req.classpath.clone(),
        })
    }

    /// Reads a test input (JSON) for this subject's method.
    pub fn input_from_file(&self, path: &Path) -> Result<(TestInput, Vec<LoadNote>), EngineError> {
        let text = read(path)?;
        self.input_from_str(&text, &path.display().to_string())
    }

    /// Parses a test input (JSON) for this subject's method; `file` names it in errors.
    pub fn input_from_str(
        &self,
        text: &str,
        file: &str,
    ) -> Result<(TestInput, Vec<LoadNote>), EngineError> {
        let sig = self.program.sig(self.method);
        let (input, notes) = input_from_json(text, file, &self.program.schema(), &sig)?;
        if let Some(problem) = sattar_java::library::storage_problem(&input) {
            return Err(EngineError::Usage(format!("{file}: {problem}")));
        }
        let map_state = |c: &str| {
            (sattar_java::library::FIELD_STATE.iter()).any(|m| self.program.is_subclass(c, m))
        };
        let library =
            |c: &str| self.program.is_library_class(c) && storage(c).is_none() && !map_state(c);
        if let Some((id, o)) = input.heap.objects.iter().find(|(_, o)| library(&o.class)) {
            return Err(EngineError::Usage(format!(
                "{file}: objects.{id}: a {} is made only by a run of the JDK's code, not given as input; remove it",
                o.class
            )));
        }
        Ok((input, notes))
    }

    /// `Class.method` of the method under analysis.
    pub fn method_name(&self) -> String {
        self.program.method(self.method).qualified_name()
    }
}

pub(crate) fn pick_method(program: &Program, name: Option<&str>) -> Result<MethodId, EngineError> {
    let all: Vec<String> = program
        .methods
        .iter()
        .filter(|m| !m.is_constructor() && m.kind == sattar_java::MethodKind::Source)
        .map(|m| m.qualified_name())
        .collect();
    if all.is_empty() {
        return Err(EngineError::Usage(format!(
            "{}: no class declares a method here, so there is nothing to analyse; give the Java file that declares the method",
            sources_label(program)
        )));
    }
    let Some(name) = name else {
        return match all.as_slice() {
            [only] => program
                .find_methods(only)
                .first()
                .map(|m| m.id)
                .ok_or_else(|| EngineError::Usage(format!("--method {only}: not found"))),
            _ => Err(EngineError::Usage(format!(
                "{}: which method? pass --method NAME (one of: {})",
                sources_label(program),
                all.join(", ")
            ))),
        };
    };
    let found = program.find_methods(name);
    if let (true, Some(m)) = (found.is_empty(), abstract_method(program, name)) {
        let impls: BTreeSet<String> = program
            .dispatch
            .iter()
            .filter(|((called, _), _)| *called == m)
            .map(|(_, t)| program.method(*t).qualified_name())
            .collect();
        return Err(EngineError::Usage(format!(
            "--method {name}: {} is abstract (it has no code); analyse an implementation: {}",
            program.method(m).qualified_name(),
            impls.into_iter().collect::<Vec<_>>().join(", ")
        )));
    }
    match found.as_slice() {
        [m] => Ok(m.id),
        [] => Err(EngineError::Usage(format!(
            "--method {name}: no such method in {} (methods: {})",
            sources_label(program),
            all.join(", ")
        ))),
        many => Err(EngineError::Usage(format!(
            "--method {name} is ambiguous: {}; write Class.method, with parameter types for overloads",
            many.iter()
                .map(|m| {
                    let ps = m.param_type_names();
                    format!("{}({})", m.qualified_name(), ps.join(", "))
                })
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The abstract method `name` (`m`, `Class.m`, `pkg.Class.m`) names, if it names one.
fn abstract_method(program: &Program, name: &str) -> Option<MethodId> {
    let suffix = format!(".{name}");
    program
        .methods
        .iter()
        .filter(|m| m.kind == sattar_java::MethodKind::Abstract)
        .find(|m| {
            let q = m.qualified_name();
            q == name || q.ends_with(&suffix)
        })
        .map(|m| m.id)
}

/// The sources as a message names them: the file, or the first file and how many more.
fn sources_label(program: &Program) -> String {
    match program.files.as_slice() {
        [one] => one.path.clone(),
        [first, rest @ ..] => format!("{} and {} more files", first.path, rest.len()),
        [] => "the sources".into(),
    }
}

/// The spec of `method`: the spec file (its path and text, if any) merged with the Java
/// annotations.
fn load_spec(
    program: &Program,
    method: MethodId,
    spec_file: Option<&(String, String)>,
) -> Result<Spec, EngineError> {
    let mut spec = match spec_file {
        Some((path, text)) => parse_spec(path, text)?,
        None => Spec::default(),
    };
    let m = program.method(method);
    let class_anns = program
        .class(&m.class)
        .map(|c| c.annotations.clone())
        .unwrap_or_default();
    let all = class_anns
        .iter()
        .map(|a| (None, a))
        .chain(m.annotations.iter().map(|a| (Some(m.name.as_str()), a)));
    for (owner, ann) in all {
        let kind = match ann.kind.as_str() {
            "Invariant" => AnnotationKind::Invariant,
            "Requires" => AnnotationKind::Requires,
            _ => AnnotationKind::Ensures,
        };
        for (text, pos) in &ann.items {
            let src = program.file(m.file);
            let parsed = parse_annotation(kind, text, &src.path, &src.text, *pos)?;
            spec.add_annotation(owner, parsed)?;
        }
    }

    Ok(spec)
}
