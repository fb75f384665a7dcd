//! `sattar localize`: a localization started from flags or resumed from its session file, run
//! round by round with every round appended to the session, and its outputs.

use super::{executor, EngineKind, RunLimits};
use crate::session::{
    read_session, round_line, stop_name, test_record, JavaPaths, SessionHeader, SessionWriter,
    StoredSession, SESSION_VERSION,
};
use crate::{
    CoreRequest, EngineError, Executor, LocalizeOptions, Localizer, Subject, SubjectRequest,
    Technique,
};
use sattar_heap::input_to_json;
use sattar_java::{Limits, StmtId};
use sattar_report::{
    ExpectedOutcome, ExportedTest, FaultInfo, RankedStatement, Report, RoundNote, RoundPrompt,
    RoundSummary, TopStatement,
};
use std::path::{Path, PathBuf};

/// A localization to start: the subject, the options, what runs the tests and where the session
/// is written (or, resumed, the session read back).
pub struct LocalizePlan {
    subject: Subject,
    options: LocalizeOptions,
    engine: EngineKind,
    session: SessionPlan,
}

enum SessionPlan {
    /// A new session at `path` (default: under `.sattar/sessions/`); `request` goes to its header.
    New {
        request: SubjectRequest,
        path: Option<PathBuf>,
    },
    /// A session read back from `path`, to continue.
    Resume {
        path: PathBuf,
        stored: Box<StoredSession>,
    },
}

impl LocalizePlan {
    /// A new localization of `subject` (loaded from `request`), written to `session` or a new file
    /// under `.sattar/sessions/`.
    pub fn new(
        request: SubjectRequest,
        subject: Subject,
        options: LocalizeOptions,
        engine: EngineKind,
        session: Option<PathBuf>,
    ) -> LocalizePlan {
        LocalizePlan {
            subject,
            options,
            engine,
            session: SessionPlan::New {
                request,
                path: session,
            },
        }
    }

    /// A stopped, crashed or killed session to continue: the subject and the options come from
    /// its header.
    pub fn resume(path: &Path) -> Result<LocalizePlan, EngineError> {
        let stored = read_session(path)?;
        let h = &stored.header;
        let req = SubjectRequest {
            java: h.java.as_ref().map_or_else(Vec::new, |j| {
                j.paths().into_iter().map(PathBuf::from).collect()
            }),
            fault: h.fault.clone(),
            method: h.method.clone(),
            spec: h.spec.as_ref().map(PathBuf::from),
            ensures: h.ensures.clone(),
            any_ensures: false,
        };
        let subject = Subject::load(&req)?;
        let (input, _) = subject
            .input_from_str(&h.initial_input.to_string(), "the session's initial input")
            .map_err(|e| EngineError::Usage(format!("reading the session: {e}")))?;
        let options = LocalizeOptions {
            technique: Technique::from_name(&h.technique).ok_or_else(|| {
                EngineError::Usage(format!(
                    "unknown technique `{}` in the session file",
                    h.technique
                ))
            })?,
            formula: h.formula.clone(),
            min_scope: h.min_scope,
            switch_after: h.switch_after,
            cores: CoreRequest {
                input: Some(input),
                keep_satisfied: h.keep_satisfied,
                max_cores: h.max_cores,
                ..CoreRequest::default()
            },
        };
        Ok(LocalizePlan {
            subject,
            options,
            engine: EngineKind::from_name(&h.engine),
            session: SessionPlan::Resume {
                path: path.to_path_buf(),
                stored: Box::new(stored),
            },
        })
    }

    /// The subject it localizes in.
    pub fn subject(&self) -> &Subject {
        &self.subject
    }

    /// Starts the executor and the localizer (the initial analysis), replays a resumed session's
    /// rounds, and opens the session file.
    pub fn start(&self, limits: &RunLimits) -> Result<LocalizeSession<'_>, EngineError> {
        let mut executor = executor(self.engine, &self.subject, limits)?;
        let mut localizer =
            Localizer::start(&self.subject, self.options.clone(), executor.as_mut())?;
        let (writer, finished) = match &self.session {
            SessionPlan::Resume { path, stored } => {
                let schema = self.subject.program.schema();
                let sig = self.subject.program.sig(self.subject.method);
                for line in &stored.rounds {
                    localizer.apply(test_record(line, &schema, &sig, path)?);
                }
                (SessionWriter::append(path)?, stored.finished.is_some())
            }
            SessionPlan::New { request, path } => {
                let path = path
                    .clone()
                    .unwrap_or_else(|| default_session(&self.subject));
                let header = header(request, &localizer, self.engine);
                (SessionWriter::create(&path, &header)?, false)
            }
        };
        Ok(LocalizeSession {
            localizer,
            executor,
            writer,
            finished,
        })
    }
}

/// The header of a new session: the request (paths made absolute) and the options.
fn header(request: &SubjectRequest, loc: &Localizer, engine: EngineKind) -> SessionHeader {
    let o = loc.options();
    let abs = |p: &Option<PathBuf>| {
        p.as_ref().map(|p| {
            std::path::absolute(p)
                .unwrap_or_else(|_| p.clone())
                .display()
                .to_string()
        })
    };
    SessionHeader {
        sattar_session: SESSION_VERSION,
        java: JavaPaths::of(
            request
                .java
                .iter()
                .filter_map(|p| abs(&Some(p.clone())))
                .collect(),
        ),
        fault: request.fault.clone(),
        method: request.method.clone(),
        spec: abs(&request.spec),
        ensures: request.ensures.clone(),
        technique: o.technique.name().into(),
        formula: o.formula.clone(),
        min_scope: o.min_scope,
        switch_after: o.switch_after,
        keep_satisfied: o.cores.keep_satisfied,
        max_cores: o.cores.max_cores,
        engine: engine.name().into(),
        initial_input: input_to_json(&loc.initial.input),
    }
}

/// `.sattar/sessions/<fault or method>-<unix time>-<pid>.jsonl`.
fn default_session(subject: &Subject) -> PathBuf {
    let name = match &subject.fault {
        Some(f) => f.id.clone(),
        None => subject.method_name(),
    };
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Path::new(".sattar/sessions").join(format!("{name}-{secs}-{}.jsonl", std::process::id()))
}

/// Each statement's rank at one moment, to show how a round moved them.
pub struct RankSnapshot(Vec<(StmtId, usize)>);

/// A running localization: the loop, its executor and its session file.
pub struct LocalizeSession<'p> {
    localizer: Localizer<'p>,
    executor: Box<dyn Executor>,
    writer: SessionWriter,
    finished: bool,
}

impl LocalizeSession<'_> {
    /// Whether the session had already finished when it was resumed (no round is left to run).
    pub fn already_finished(&self) -> bool {
        self.finished
    }

    /// Whether no round is left: the session was finished, or the loop has stopped.
    pub fn is_finished(&self) -> bool {
        self.finished || self.localizer.stopped().is_some()
    }

    /// Rounds run so far (replayed ones included).
    pub fn rounds(&self) -> usize {
        self.localizer.rounds.len()
    }

    /// Runs the next round and appends it to the session file; `false` when the loop has stopped
    /// (the session is then marked finished).
    pub fn step(&mut self) -> Result<bool, EngineError> {
        let Some(round) = self.localizer.step(self.executor.as_mut())? else {
            let why = self.localizer.stopped().map_or("exhausted", stop_name);
            self.writer.finish(why)?;
            return Ok(false);
        };
        self.writer.round(round)?;
        Ok(true)
    }

    /// Marks the session finished at the user's request.
    pub fn stop(&mut self) -> Result<(), EngineError> {
        self.writer.finish("user")
    }

    /// The session file.
    pub fn session_path(&self) -> &Path {
        self.writer.path()
    }

    /// The current ranks, to compare with after a round.
    pub fn snapshot(&self) -> RankSnapshot {
        RankSnapshot(
            self.localizer
                .ranking()
                .iter()
                .map(|r| (r.stmt, r.rank))
                .collect(),
        )
    }

    /// The last round and the top five of the ranking, with their ranks in `before`.
    pub fn round_prompt(&self, before: &RankSnapshot) -> RoundPrompt {
        let loc = &self.localizer;
        let program = &loc.subject().program;
        RoundPrompt {
            round: loc.rounds.last().map(|r| RoundNote {
                number: r.number,
                verdict: r.test.verdict.label().into(),
                violated: r.test.verdict.constraints().to_vec(),
                added: r.test.added,
            }),
            tests: loc.test_count(),
            top: loc
                .ranking()
                .iter()
                .take(5)
                .map(|r| {
                    let st = program.stmt(r.stmt);
                    TopStatement {
                        rank: r.rank,
                        susp: r.susp,
                        conf: r.conf,
                        line: st.line,
                        text: st.text.clone(),
                        before: before.0.iter().find(|(s, _)| *s == r.stmt).map(|(_, k)| *k),
                    }
                })
                .collect(),
        }
    }

    /// The HTML report's data: the report, the source files, and the failing run (run again on the
    /// reference interpreter, which agrees with the JVM) with its pre- and post-state.
    pub fn html_report(&self) -> sattar_report::HtmlReport {
        let loc = &self.localizer;
        let subject = loc.subject();
        let p = &subject.program;
        let sources = p
            .files
            .iter()
            .map(|f| sattar_report::SourceView {
                path: f.path.clone(),
                text: f.text.clone(),
            })
            .collect();
        let input = &loc.initial.input;
        let failing = sattar_java::run(p, subject.method, input, sattar_java::Limits::default())
            .ok()
            .map(|ex| sattar_report::RunView {
                pre: p.with_environment(input).heap,
                post: ex.post.clone(),
                this: input.this.clone(),
                args: input.args.clone(),
                ended: ex.termination.label(),
            });
        sattar_report::HtmlReport {
            report: self.report(),
            sources,
            failing,
        }
    }

    /// The report of the current state: the ranking, the rounds, the fault's rank.
    pub fn report(&self) -> Report {
        let loc = &self.localizer;
        let subject = loc.subject();
        let p = &subject.program;
        let ranking = loc
            .ranking()
            .iter()
            .map(|r| {
                let st = p.stmt(r.stmt);
                RankedStatement {
                    stmt: r.stmt.0,
                    file: p.file(st.file).path.clone(),
                    line: st.line,
                    text: st.text.clone(),
                    susp: r.susp,
                    conf: r.conf,
                    rank: r.rank,
                    rank_avg: r.rank_avg as f64,
                    in_core: r.in_core,
                }
            })
            .collect();
        let rounds = loc
            .rounds
            .iter()
            .map(|r| {
                let l = round_line(r);
                RoundSummary {
                    input: l.input,
                    verdict: l.verdict,
                    violated: l.violated,
                }
            })
            .collect();
        Report {
            tool_version: env!("CARGO_PKG_VERSION").into(),
            subject: p.path_of(subject.method).to_string(),
            method: subject.method_name(),
            technique: loc.options().technique.name().into(),
            formula: loc.options().formula.clone(),
            violated: loc.violated().to_vec(),
            suspects: loc.analysis.suspects.iter().map(|s| s.0).collect(),
            rounds,
            ranking,
            tests: loc.test_count(),
            fault: subject.fault.as_ref().map(|f| FaultInfo {
                id: f.id.clone(),
                faulty_lines: f.faulty_lines(),
                rank: loc.rank_of_lines(&f.faulty_locations()),
            }),
        }
    }

    /// Writes the spectrum as a GZoltar output directory (`matrix.txt`, `spectra.csv`,
    /// `tests.csv`), elements named `Class#method:line`.
    pub fn write_gzoltar(&self, dir: &Path) -> Result<(), EngineError> {
        let loc = &self.localizer;
        let p = &loc.subject().program;
        let m = p.method(loc.subject().method);
        let name = |s: &StmtId| {
            format!(
                "{}#{}:{}",
                m.class.replace('.', "$"),
                m.name,
                p.stmt(*s).line
            )
        };
        let spectrum = loc.spectrum();
        let mut out = sattar_rank::Spectrum::new(spectrum.elements().iter().map(name));
        for (t, row) in spectrum.tests().iter().zip(spectrum.rows()) {
            let covered: Vec<String> = spectrum
                .elements()
                .iter()
                .zip(row)
                .filter(|(_, h)| **h)
                .map(|(e, _)| name(e))
                .collect();
            out.add_test_covering(t.clone(), covered.iter())?;
        }
        create_dir(dir)?;
        sattar_rank::gzoltar::write_dir(dir, &out)?;
        Ok(())
    }

    /// Writes the failing input and every round's test as one JUnit 5 class into `dir`, each
    /// asserting what the interpreter observes.
    pub fn export_tests(&self, dir: &Path) -> Result<(), EngineError> {
        let loc = &self.localizer;
        let subject = loc.subject();
        let mut tests = Vec::new();
        let all = std::iter::once(&loc.initial).chain(loc.rounds.iter().map(|r| &r.test));
        for (i, t) in all.enumerate() {
            let run = sattar_java::run(
                &subject.program,
                subject.method,
                &t.input,
                Limits::default(),
            )
            .map_err(|e| EngineError::Usage(e.to_string()))?;
            tests.push(ExportedTest {
                name: if i == 0 {
                    "failing input".into()
                } else {
                    format!("round {i}")
                },
                input: t.input.clone(),
                verdict: t.verdict.label().into(),
                violated: t.verdict.constraints().to_vec(),
                expected: ExpectedOutcome::from_execution(&run),
            });
        }
        let file = sattar_report::junit_test_class(&subject.program, subject.method, &tests)?;
        create_dir(dir)?;
        let path = dir.join(&file.file_name);
        std::fs::write(&path, &file.source).map_err(|source| EngineError::Write {
            what: format!("writing {}", path.display()),
            source,
        })
    }
}

fn create_dir(dir: &Path) -> Result<(), EngineError> {
    std::fs::create_dir_all(dir).map_err(|source| EngineError::Write {
        what: format!("creating {}", dir.display()),
        source,
    })
}
