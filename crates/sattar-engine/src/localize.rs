//! The SAT-TAR loop (docs/LOCALIZE.md#the-sat-tar-algorithm): the minimal core of the failing run seeds a suspect
//! list; each round generates tests by negating prefixes of the failing run's path condition, runs
//! the most similar one with new coverage, lets the spec judge it, and re-ranks statements with
//! Tarantula (or any formula) boosted by the core. Rounds are pure functions of the state before
//! them, so a session replayed from its file continues exactly as an uninterrupted one.

use crate::generate::{Candidate, FailingPath, KnownUnsat, PathQueries, UnsatProof};
use crate::spectrum::StmtScores;
use crate::{cores, judge, CoreAnalysis, CoreRequest, Domain, EngineError, Subject, TestVerdict};
use sattar_encode::EncodeOptions;
use sattar_heap::TestInput;
use sattar_java::{Execution, Limits, StmtId, Termination};
use sattar_rank::{Formula, Order, Scored, Spectrum};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Which technique the loop runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Technique {
    /// SAT-TAR: generated tests, the formula boosted by +1 for suspects, refinement, strategy switch.
    SatTar,
    /// The pure core: suspects score 1, no tests.
    Sat,
    /// The SAT-TAR tests ranked without the boost.
    TarMuc,
    /// APG: the branches flipped on the closest successful path score 1 (no tests).
    Apg,
}

impl Technique {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Technique::SatTar => "sat-tar",
            Technique::Sat => "sat",
            Technique::TarMuc => "tar-muc",
            Technique::Apg => "apg",
        }
    }

    /// The technique of a command-line name (`sat-tar`, `sat`, `tar-muc`, `apg`).
    pub fn from_name(name: &str) -> Option<Technique> {
        [
            Technique::SatTar,
            Technique::Sat,
            Technique::TarMuc,
            Technique::Apg,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }
}

/// The default largest generation scope: the paper's tests are "no larger than the failing
/// input", and each negated-prefix query over a free pre-state of a 20-node tree takes seconds
/// (docs/LOCALIZE.md, step 4; docs/PERFORMANCE.md, *Scale*).
pub const DEFAULT_MAX_GEN_SCOPE: usize = 6;

/// The default conflict limit of one generation query (docs/LOCALIZE.md, step 4): a query
/// stopped there is undecided. Counted in conflicts rather than time so that a run generates
/// the same tests on every machine.
pub const DEFAULT_GEN_CONFLICTS: u32 = 1_000;

/// Options of a localization.
#[derive(Clone, Debug)]
pub struct LocalizeOptions {
    /// The technique.
    pub technique: Technique,
    /// The SBFL formula (Tarantula by default).
    pub formula: String,
    /// The spectrum's elements: statements, or statements with their conditions' values.
    pub domain: Domain,
    /// The smallest scope tests are generated in (the failing input's scope if larger).
    pub min_scope: usize,
    /// The largest scope tests are generated in unless `min_scope` asks for more: a failing
    /// input with more objects of one class has its tests generated in this scope.
    pub max_gen_scope: usize,
    /// The most conflicts one generation query may take (`None`: no limit).
    pub gen_conflicts: Option<u32>,
    /// Consecutive rounds without a change in any suspect's rating before the new strategy.
    pub switch_after: usize,
    /// Cores: how the failing input is found and the most iterative cores.
    pub cores: CoreRequest,
}

impl Default for LocalizeOptions {
    fn default() -> Self {
        LocalizeOptions {
            technique: Technique::SatTar,
            formula: "tarantula".into(),
            domain: Domain::default(),
            min_scope: 1,
            max_gen_scope: DEFAULT_MAX_GEN_SCOPE,
            gen_conflicts: Some(DEFAULT_GEN_CONFLICTS),
            switch_after: 2,
            cores: CoreRequest::default(),
        }
    }
}

/// Runs a test: the JVM or the interpreter.
pub trait Executor {
    /// Runs `input` on the subject's method.
    fn execute(&mut self, subject: &Subject, input: &TestInput) -> Result<Execution, EngineError>;
}

/// The reference interpreter as an executor.
pub struct Interpreter(pub Limits);

impl Executor for Interpreter {
    fn execute(&mut self, s: &Subject, input: &TestInput) -> Result<Execution, EngineError> {
        sattar_java::run(&s.program, s.method, input, self.0)
            .map_err(|e| EngineError::Usage(e.to_string()))
    }
}

/// The reference interpreter with a wall clock per test (`--timeout`): a run still going at the
/// deadline ends as `TimedOut`, as on the JVM.
pub struct TimedInterpreter {
    /// Steps and depth.
    pub limits: Limits,
    /// Wall-clock time per test.
    pub timeout: std::time::Duration,
}

impl Executor for TimedInterpreter {
    fn execute(&mut self, s: &Subject, input: &TestInput) -> Result<Execution, EngineError> {
        let deadline = std::time::Instant::now().checked_add(self.timeout);
        sattar_java::run_until(&s.program, s.method, input, self.limits, deadline)
            .map_err(|e| EngineError::Usage(e.to_string()))
    }
}

impl Executor for sattar_jvm::JvmRunner {
    fn execute(&mut self, s: &Subject, input: &TestInput) -> Result<Execution, EngineError> {
        self.run(s.method, input)
            .map_err(|e| EngineError::Jvm(e.to_string()))
    }
}

/// Which coverage must be new for a generated test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Coverage of all statements differs from every earlier test's.
    UniqueCoverage,
    /// Coverage of the suspect statements differs (after rounds without change, step 9).
    SuspectCoverage,
}

/// One executed test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestRecord {
    /// The input.
    pub input: TestInput,
    /// The spec's verdict on the real run.
    pub verdict: TestVerdict,
    /// The statements the real run covered.
    pub covered: BTreeSet<StmtId>,
    /// The (statement, condition value) pairs its branch conditions took: Apollo's extended
    /// domain (docs/RANKING.md), for the spectra over outcomes.
    pub outcomes: BTreeSet<(StmtId, bool)>,
    /// Whether it joined the spectrum (a failing test violating other constraints does not).
    pub added: bool,
    /// The negated prefix it came from (`None` for the initial failing run).
    pub prefix: Option<usize>,
    /// The coverage the encoding predicted for a generated test, when the real run's differs
    /// (a run stopped by the clock, say): later rounds must not generate it again.
    pub predicted: Option<BTreeSet<StmtId>>,
    /// Whether the run was stopped by the wall clock (`--timeout`).
    pub timed_out: bool,
}

impl TestRecord {
    /// A judged run as a test of the spectrum, from negated prefix `prefix` (`None`: not
    /// generated).
    pub fn judged(input: TestInput, judged: crate::oracle::Judged, prefix: Option<usize>) -> Self {
        TestRecord {
            input,
            verdict: judged.verdict,
            outcomes: outcomes_of(&judged.execution.trace),
            covered: judged.execution.covered,
            added: true,
            prefix,
            predicted: None,
            timed_out: false,
        }
    }
}

/// The (branch statement, condition value) pairs of a run's branch trace.
pub fn outcomes_of(trace: &[sattar_java::BranchEvent]) -> BTreeSet<(StmtId, bool)> {
    trace.iter().map(|e| (e.stmt, e.taken)).collect()
}

/// What one round did.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// 1-based round number.
    pub number: usize,
    /// The test it ran.
    pub test: TestRecord,
    /// Suspects that lost the boost in this round (step 8).
    pub demoted: Vec<StmtId>,
    /// The strategy after this round.
    pub strategy: Strategy,
    /// The generation queries its round proved unsatisfiable (not asked again later).
    pub unsat: Vec<UnsatProof>,
}

/// Why the loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// No test with unique coverage can be generated.
    Exhausted,
    /// The technique runs no tests (SAT).
    NoTests,
}

/// One ranked statement.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedStmt {
    /// The statement.
    pub stmt: StmtId,
    /// Suspiciousness (boosted for suspects under SAT-TAR).
    pub susp: f64,
    /// Confidence (Tarantula's `max(ef/F, ep/P)`).
    pub conf: f64,
    /// Worst-case rank.
    pub rank: usize,
    /// Average rank.
    pub rank_avg: usize,
    /// Whether it is still boosted as a suspect.
    pub in_core: bool,
    /// The value of its condition it is rated by, when that value is more suspicious than the
    /// statement as a whole (spectra over outcomes).
    pub condition: Option<sattar_report::ConditionValue>,
}

/// The state of a localization: the initial analysis and every round so far.
pub struct Localizer<'s> {
    subject: &'s Subject,
    opts: LocalizeOptions,
    formula: Formula,
    /// The core analysis of the failing run.
    pub analysis: CoreAnalysis,
    /// The failing run as the first test.
    pub initial: TestRecord,
    /// Every round so far.
    pub rounds: Vec<Round>,
    boosted: BTreeSet<StmtId>,
    /// APG's flipped branches (computed for the APG technique only).
    flipped: Vec<StmtId>,
    failing_path: std::cell::OnceCell<FailingPath>,
    strategy: Strategy,
    unchanged: usize,
    stopped: Option<StopReason>,
    /// Generation queries of the last round stopped at the conflict limit.
    undecided: usize,
}

impl<'s> Localizer<'s> {
    /// The initial analysis: the failing input (given or from `check`), its cores, its real run.
    pub fn start(
        subject: &'s Subject,
        opts: LocalizeOptions,
        exec: &mut dyn Executor,
    ) -> Result<Localizer<'s>, EngineError> {
        let formula = Formula::by_name(&opts.formula)
            .map_err(|e| EngineError::Usage(format!("--formula {}: {e}", opts.formula)))?;
        let analysis = cores(subject, &opts.cores)?;
        let input = analysis.input.clone();
        let execution = exec.execute(subject, &input)?;
        let judged =
            judge(subject, &input, execution).map_err(|e| EngineError::Usage(e.to_string()))?;
        if !matches!(judged.verdict, TestVerdict::Fail(_)) {
            return Err(EngineError::Disagreement(format!(
                "the input fails on the interpreter but the executor says {}",
                judged.verdict.label()
            )));
        }
        match &judged.execution.termination {
            Termination::TimedOut => return Err(EngineError::Usage(
                "the failing input's run did not end within --timeout, so its coverage is unknown; raise --timeout".into(),
            )),
            t if judged.execution.covered.is_empty() => {
                return Err(EngineError::Jvm(format!(
                    "the failing input's run ended with {} before any coverage could be read back",
                    t.label()
                )))
            }
            _ => {}
        }
        let initial = TestRecord::judged(input, judged, None);
        let boosted = analysis.suspects.clone();
        let no_tests = matches!(opts.technique, Technique::Sat | Technique::Apg);
        let stopped = no_tests.then_some(StopReason::NoTests);
        let flipped = match opts.technique {
            Technique::Apg => crate::baselines::apg(subject, &initial.input)?,
            _ => Vec::new(),
        };
        Ok(Localizer {
            subject,
            opts,
            formula,
            analysis,
            initial,
            rounds: Vec::new(),
            boosted,
            flipped,
            failing_path: std::cell::OnceCell::new(),
            strategy: Strategy::UniqueCoverage,
            unchanged: 0,
            stopped,
            undecided: 0,
        })
    }

    /// The subject it localizes in.
    pub fn subject(&self) -> &'s Subject {
        self.subject
    }

    /// The options it runs with.
    pub fn options(&self) -> &LocalizeOptions {
        &self.opts
    }

    /// Why the loop stopped, if it did.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// The current suspect list (fed back to generation).
    pub fn suspects(&self) -> &BTreeSet<StmtId> {
        &self.boosted
    }

    /// Whether the cores blame no executed statement: no change to statements the failing run
    /// executes can satisfy the violated constraints within the bounds (a missing allocation, a
    /// fix in code the run does not reach). Then nothing is boosted and generation aims at the
    /// whole failing run (docs/LOCALIZE.md, step 3).
    pub fn core_is_empty(&self) -> bool {
        self.analysis.suspects.is_empty()
    }

    /// The statements generated tests must cover some of and are compared on: the suspects, or
    /// every statement of the failing run when no suspect is left (an empty core, or every
    /// suspect demoted), so the loop never stops for want of a target.
    fn generation_targets(&self) -> &BTreeSet<StmtId> {
        match self.boosted.is_empty() {
            true => &self.analysis.executed,
            false => &self.boosted,
        }
    }

    /// Tests in the spectrum: the initial failing run and every added round.
    pub fn tests(&self) -> impl Iterator<Item = &TestRecord> {
        std::iter::once(&self.initial)
            .chain(self.rounds.iter().map(|r| &r.test).filter(|t| t.added))
    }

    /// Number of tests in the spectrum.
    pub fn test_count(&self) -> usize {
        self.tests().count()
    }

    /// The violated constraints of the initial failing run.
    pub fn violated(&self) -> &[String] {
        self.initial.verdict.constraints()
    }

    /// Generates, runs and judges the next test; `None` when the loop has stopped.
    pub fn step(&mut self, exec: &mut dyn Executor) -> Result<Option<&Round>, EngineError> {
        if self.stopped.is_some() {
            return Ok(None);
        }
        let (candidate, unsat, undecided) = self.next_candidate()?;
        self.undecided = undecided;
        let Some(candidate) = candidate else {
            self.stopped = Some(StopReason::Exhausted);
            return Ok(None);
        };
        let input = candidate.decoded.input.clone();
        let execution = exec.execute(self.subject, &input)?;
        let judged = judge(self.subject, &input, execution)
            .map_err(|e| EngineError::Usage(e.to_string()))?;
        let timed_out = judged.execution.termination == Termination::TimedOut;
        let outcomes = outcomes_of(&judged.execution.trace);
        let covered = judged.execution.covered;
        let predicted = candidate.covered();
        let test = TestRecord {
            input,
            verdict: judged.verdict,
            predicted: (*predicted != covered).then(|| predicted.clone()),
            covered,
            outcomes,
            added: false,
            prefix: Some(candidate.prefix),
            timed_out,
        };
        self.apply(test, unsat);
        Ok(self.rounds.last())
    }

    /// Records a round's test (and the generation queries it proved unsatisfiable) and updates
    /// the ratings — the same whether the test was just run or read back from a session file.
    pub fn apply(&mut self, mut test: TestRecord, unsat: Vec<UnsatProof>) {
        let before = self.ratings();
        test.added = self.admits(&test);
        let same_failure =
            matches!(&test.verdict, TestVerdict::Fail(v) if v.as_slice() == self.violated());
        let number = self.rounds.len() + 1;
        self.rounds.push(Round {
            number,
            test,
            demoted: Vec::new(),
            strategy: self.strategy,
            unsat,
        });
        let added = self.rounds.last().is_some_and(|r| r.test.added);
        let mut demoted = Vec::new();
        if added && same_failure && self.opts.technique == Technique::SatTar {
            let after = self.ratings();
            demoted = self
                .boosted
                .iter()
                .filter(|s| match (before.get(s), after.get(s)) {
                    (Some(b), Some(a)) => a.0 < b.0 && a.1 < b.1,
                    _ => false,
                })
                .copied()
                .collect();
            for s in &demoted {
                self.boosted.remove(s);
            }
        }
        let after = self.ratings();
        let changed =
            self.boosted.iter().any(|s| before.get(s) != after.get(s)) || !demoted.is_empty();
        self.unchanged = if changed { 0 } else { self.unchanged + 1 };
        if self.unchanged >= self.opts.switch_after {
            self.strategy = Strategy::SuspectCoverage;
        }
        if let Some(r) = self.rounds.last_mut() {
            r.demoted = demoted;
            r.strategy = self.strategy;
        }
    }

    /// Step 6: a passing test joins; a failing one only if it violates a subset of the initial
    /// run's constraints (otherwise it exercises another fault); an invalid input never. **[choice]**
    /// Nor does a run whose coverage was not observed (the JVM worker was stopped by the clock or
    /// died): it would count as a test that covers nothing.
    fn admits(&self, t: &TestRecord) -> bool {
        if t.covered.is_empty() {
            return false;
        }
        match &t.verdict {
            TestVerdict::Pass => true,
            TestVerdict::Fail(names) => names.iter().all(|n| self.violated().contains(n)),
            TestVerdict::Invalid(_) => false,
        }
    }

    /// Generation queries of the last round that were stopped at `--gen-conflicts` (no test and
    /// no proof from them): when the loop stopped for want of a test, a higher limit may find more.
    pub fn undecided(&self) -> usize {
        self.undecided
    }

    /// The most similar candidate with new coverage (or `None`), the queries proven
    /// unsatisfiable, and how many were left undecided.
    fn next_candidate(&self) -> Result<(Option<Candidate>, Vec<UnsatProof>, usize), EngineError> {
        let mut queries = PathQueries::new(
            self.failing_path()?,
            self.opts.cores.check.sat_time,
            self.opts.gen_conflicts,
        );
        // What each earlier test covered, and what the encoding had predicted where that differs:
        // an input whose run was cut short (the clock) is not generated again.
        let tried: Vec<BTreeSet<StmtId>> = std::iter::once(&self.initial)
            .chain(self.rounds.iter().map(|r| &r.test))
            .flat_map(|t| std::iter::once(t.covered.clone()).chain(t.predicted.clone()))
            .collect();
        let suspects_only = self.strategy == Strategy::SuspectCoverage;
        let targets = self.generation_targets();
        // What earlier rounds proved unsatisfiable.
        let mut known = KnownUnsat::default();
        known.extend(self.rounds.iter().flat_map(|r| r.unsat.iter().cloned()));
        let (candidates, unsat) =
            queries.candidates(targets, &tried, suspects_only, (&known, &[]))?;
        let scores: BTreeMap<StmtId, f64> = self
            .ranking()
            .into_iter()
            .map(|r| (r.stmt, r.susp))
            .collect();
        // Similarity (suspects covered), then how suspicious they are, then fewer objects, then the
        // earlier prefix.
        let key = |c: &Candidate| {
            let hits: Vec<&StmtId> = c.covered().intersection(targets).collect();
            let heat: f64 = hits
                .iter()
                .map(|s| scores.get(*s).copied().unwrap_or(0.0))
                .sum();
            (
                hits.len(),
                heat,
                c.decoded.input.heap.objects.len(),
                c.prefix,
            )
        };
        let best = candidates.into_iter().max_by(|a, b| {
            let (ka, kb) = (key(a), key(b));
            ka.0.cmp(&kb.0)
                .then(ka.1.total_cmp(&kb.1))
                .then(kb.2.cmp(&ka.2))
                .then(kb.3.cmp(&ka.3))
        });
        Ok((best, unsat, queries.undecided()))
    }

    /// The failing run located for generation: the same every round, so computed once.
    pub fn failing_path(&self) -> Result<&FailingPath, EngineError> {
        if let Some(p) = self.failing_path.get() {
            return Ok(p);
        }
        let opts = EncodeOptions {
            bitwidth: self.opts.cores.check.bitwidth,
            unroll: self.opts.cores.check.unroll,
            max_unroll: self.opts.cores.check.max_unroll.max(256),
            max_instances: self.opts.cores.check.max_instances,
            max_gates: self.opts.cores.check.max_gates,
            ..EncodeOptions::default()
        };
        let p = FailingPath::new(
            self.subject,
            &self.initial.input,
            (self.opts.min_scope, self.opts.max_gen_scope),
            &opts,
        )?;
        Ok(self.failing_path.get_or_init(|| p))
    }

    /// The spectrum of the tests so far, over every statement some test covered.
    pub fn spectrum(&self) -> Spectrum<StmtId> {
        crate::spectrum::spectrum_of(self.tests())
    }

    /// Each covered statement's (susp, conf) under the current technique.
    fn scored(&self) -> Vec<Scored<StmtId>> {
        self.scored_as(self.opts.technique).scored
    }

    /// Each covered statement's (susp, conf) if the same tests were ranked by `technique`, and
    /// the statements a condition's value lifted (none for the techniques without a spectrum).
    fn scored_as(&self, technique: Technique) -> StmtScores {
        let StmtScores {
            mut scored,
            mut lifted,
        } = crate::spectrum::score_statements(self.tests(), &self.formula, self.opts.domain);
        if matches!(technique, Technique::Sat | Technique::Apg) {
            lifted.clear();
        }
        match technique {
            Technique::Sat => {
                for s in &mut scored {
                    s.score = if self.analysis.suspects.contains(&s.id) {
                        1.0
                    } else {
                        0.0
                    };
                    s.confidence = 0.0;
                }
            }
            Technique::SatTar => {
                let boosted: HashSet<StmtId> = self.boosted.iter().copied().collect();
                sattar_rank::boost_suspects(&mut scored, &boosted);
            }
            Technique::TarMuc => {}
            Technique::Apg => {
                for s in &mut scored {
                    s.score = if self.flipped.contains(&s.id) {
                        1.0
                    } else {
                        0.0
                    };
                    s.confidence = 0.0;
                }
            }
        }
        StmtScores { scored, lifted }
    }

    fn ratings(&self) -> BTreeMap<StmtId, (f64, f64)> {
        self.scored()
            .into_iter()
            .map(|s| (s.id, (s.score, s.confidence)))
            .collect()
    }

    /// The ranking: statements by suspiciousness, then confidence (worst-case ranks).
    pub fn ranking(&self) -> Vec<RankedStmt> {
        self.ranking_as(self.opts.technique)
    }

    /// The ranking the same tests would give under `technique` (TAR_MUC: no boost; SAT: the core).
    pub fn ranking_as(&self, technique: Technique) -> Vec<RankedStmt> {
        let order = match technique {
            Technique::Sat | Technique::Apg => Order::Score,
            _ => Order::ScoreThenConfidence,
        };
        // SAT-TAR breaks what score and confidence leave tied in favour of suspects that repair
        // the failing run alone (docs/LOCALIZE.md, step 7).
        let repairs: HashSet<StmtId> = match technique {
            Technique::SatTar => self
                .boosted
                .intersection(&self.analysis.repairs_alone)
                .copied()
                .collect(),
            _ => HashSet::new(),
        };
        self.scored_as(technique).ranked(
            order,
            &repairs,
            &self.analysis.repair_flows,
            Some(&self.boosted),
        )
    }

    /// The worst-case rank of the best-ranked statement at one of `places` (`(file, line)`).
    pub fn rank_of_lines(&self, places: &[(String, u32)]) -> Option<usize> {
        self.rank_of_lines_as(self.opts.technique, places)
    }

    /// [`Localizer::rank_of_lines`] under another technique, on the same tests.
    pub fn rank_of_lines_as(
        &self,
        technique: Technique,
        places: &[(String, u32)],
    ) -> Option<usize> {
        best_rank(&self.subject.program, &self.ranking_as(technique), places)
    }
}

/// Whether statement `s` is at one of `places` (`(file, line)`).
pub fn at_place(program: &sattar_java::Program, s: StmtId, places: &[(String, u32)]) -> bool {
    let st = program.stmt(s);
    let file = &program.file(st.file).path;
    places.iter().any(|(f, l)| *l == st.line && f == file)
}

/// The worst-case rank of the best-ranked statement of `ranking` at one of `places`.
pub fn best_rank(
    program: &sattar_java::Program,
    ranking: &[RankedStmt],
    places: &[(String, u32)],
) -> Option<usize> {
    ranking
        .iter()
        .filter(|r| at_place(program, r.stmt, places))
        .map(|r| r.rank)
        .min()
}
