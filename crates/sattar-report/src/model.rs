//! The data a localization report is made of: what `sattar localize` found, independent of how it
//! is printed. Its serde form is the `--format json` output of `sattar localize`.

use serde::{Deserialize, Serialize};

/// One statement of the ranking, with where it is and how suspicious it looks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankedStatement {
    /// The statement's id number (`StmtId.0`): its 1-based position in the file.
    pub stmt: u32,
    /// The source file, as the user named it.
    pub file: String,
    /// The 1-based line of the statement's first character.
    pub line: u32,
    /// The statement's source text (`size = size - 1;`).
    pub text: String,
    /// Its suspiciousness under the report's formula (core boost included).
    pub susp: f64,
    /// Its confidence (Tarantula's `max(%failed, %passed)`).
    pub conf: f64,
    /// Its worst-case rank: the number of statements at least as suspicious.
    pub rank: usize,
    /// Its rank with ties averaged.
    pub rank_avg: f64,
    /// Whether the statement is in the minimal unsatisfiable core of the violation.
    pub in_core: bool,
    /// The value of its condition it is rated by, when that value is more suspicious than the
    /// statement as a whole (spectra over outcomes, docs/RANKING.md); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<ConditionValue>,
}

/// A value a statement's condition took in a run: true, false, or none because it threw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ConditionValue {
    /// The condition was true.
    True,
    /// The condition was false.
    False,
    /// Evaluating the condition threw.
    Threw,
}

impl ConditionValue {
    /// `true`, `false`, `threw`: its JSON name.
    pub fn name(self) -> &'static str {
        match self {
            ConditionValue::True => "true",
            ConditionValue::False => "false",
            ConditionValue::Threw => "threw",
        }
    }

    /// The value of a spectrum element: `Some(b)` a condition's value, `None` none recorded.
    pub fn of(value: Option<bool>) -> ConditionValue {
        match value {
            Some(true) => ConditionValue::True,
            Some(false) => ConditionValue::False,
            None => ConditionValue::Threw,
        }
    }

    /// `when its condition is true`, …: how a sentence about the statement says it.
    pub fn clause(self) -> &'static str {
        match self {
            ConditionValue::True => "when its condition is true",
            ConditionValue::False => "when its condition is false",
            ConditionValue::Threw => "when its condition threw",
        }
    }

    /// `when true`, `when false`, `when it threw`: how the text and HTML tables show it.
    pub fn when(self) -> &'static str {
        match self {
            ConditionValue::True => "when true",
            ConditionValue::False => "when false",
            ConditionValue::Threw => "when it threw",
        }
    }
}

/// The seeded fault a report is about, when the subject came from the catalog (`--fault ID`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultInfo {
    /// The catalog id (`sll.sizeErr`).
    pub id: String,
    /// The lines the fault's mutations change.
    pub faulty_lines: Vec<u32>,
    /// The worst-case rank of the best-ranked faulty statement; `None` if none was ranked.
    pub rank: Option<usize>,
}

/// One generated test of the localization loop, as it is summarised in a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundSummary {
    /// The test input in its JSON form (`sattar_heap::input_to_json`).
    pub input: serde_json::Value,
    /// `pass`, `fail` or `invalid`.
    pub verdict: String,
    /// The constraints the run violated.
    pub violated: Vec<String>,
    /// Whether the run was stopped by the wall clock (`--timeout`); written only when it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed_out: bool,
}

/// What `sattar localize` reports: the violation, the suspects and the ranking.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The version of sattar that made the report.
    pub tool_version: String,
    /// The subject's source file, as the user named it.
    pub subject: String,
    /// The method under analysis (`LinkedList.delete`).
    pub method: String,
    /// The localization technique (`sat-tar`, `sbfl`, `core`, …).
    pub technique: String,
    /// The suspiciousness formula (`tarantula`, `ochiai`, …).
    pub formula: String,
    /// What the spectrum rates: `outcomes` (branch statements per condition value) or
    /// `statements`.
    #[serde(default)]
    pub domain: String,
    /// The specification constraints the failing run violates.
    pub violated: Vec<String>,
    /// The statement ids of the minimal unsatisfiable core.
    pub suspects: Vec<u32>,
    /// The generated tests, in the order they ran (empty when not recorded).
    #[serde(default)]
    pub rounds: Vec<RoundSummary>,
    /// Every ranked statement, most suspicious first.
    pub ranking: Vec<RankedStatement>,
    /// How many tests the ranking is based on.
    pub tests: usize,
    /// The seeded fault, when the subject came from the catalog.
    pub fault: Option<FaultInfo>,
}

/// The report as the JSON of `sattar localize --format json` (its serde form).
pub fn report_json(report: &Report) -> Result<serde_json::Value, serde_json::Error> {
    serde_json::to_value(report)
}

impl Report {
    /// The formula and what it rates: `tarantula over outcomes` (the formula alone when the
    /// report does not say).
    pub fn rating(&self) -> String {
        match self.domain.as_str() {
            "" => self.formula.clone(),
            d => format!("{} over {d}", self.formula),
        }
    }

    /// The highest suspiciousness of the ranking (`None` when nothing is ranked or all are NaN).
    pub fn top_susp(&self) -> Option<f64> {
        self.ranking
            .iter()
            .map(|s| s.susp)
            .filter(|s| !s.is_nan())
            .reduce(f64::max)
    }

    /// Whether `s` belongs to the top group: ranked with the highest suspiciousness, and above 0.
    pub fn in_top_group(&self, s: &RankedStatement) -> bool {
        // Equality is exact on purpose: ties come from the same computation, so equal scores are
        // bit-equal, and the ranking library groups them the same way.
        self.top_susp()
            .is_some_and(|top| s.susp == top && top > 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stmt(susp: f64) -> RankedStatement {
        RankedStatement {
            stmt: 1,
            file: "A.java".into(),
            line: 1,
            text: "x = 1;".into(),
            susp,
            conf: 1.0,
            rank: 1,
            rank_avg: 1.0,
            in_core: false,
            condition: None,
        }
    }

    fn report(ranking: Vec<RankedStatement>) -> Report {
        Report {
            tool_version: "0.1.0".into(),
            subject: "A.java".into(),
            method: "A.m".into(),
            technique: "sat-tar".into(),
            formula: "tarantula".into(),
            domain: "outcomes".into(),
            violated: vec![],
            suspects: vec![],
            rounds: vec![],
            ranking,
            tests: 0,
            fault: None,
        }
    }

    #[test]
    fn the_top_group_is_the_tie_at_the_highest_positive_score() {
        let r = report(vec![stmt(0.8), stmt(0.8), stmt(0.5), stmt(f64::NAN)]);
        let top: Vec<bool> = r.ranking.iter().map(|s| r.in_top_group(s)).collect();
        assert_eq!(top, [true, true, false, false]);
        let zero = report(vec![stmt(0.0)]);
        assert!(!zero.in_top_group(&zero.ranking[0]));
    }

    #[test]
    fn json_has_the_field_names_of_the_cli_contract() {
        let mut r = report(vec![stmt(0.5)]);
        r.fault = Some(FaultInfo {
            id: "sll.sizeErr".into(),
            faulty_lines: vec![23],
            rank: Some(1),
        });
        let v = serde_json::to_value(&r).expect("a report serializes");
        for key in [
            "violated", "suspects", "rounds", "ranking", "tests", "fault",
        ] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        let row = &v["ranking"][0];
        for key in [
            "line", "text", "susp", "conf", "rank", "rank_avg", "in_core",
        ] {
            assert!(row.get(key).is_some(), "missing ranking.{key}");
        }
        assert_eq!(v["fault"]["faulty_lines"], serde_json::json!([23]));
        let back: Report = serde_json::from_value(v).expect("and reads back");
        assert_eq!(back, r);
    }

    #[test]
    fn a_condition_value_is_written_only_when_there_is_one() {
        let mut r = report(vec![stmt(0.5), stmt(0.5)]);
        r.ranking[1].condition = Some(ConditionValue::Threw);
        let v = serde_json::to_value(&r).expect("a report serializes");
        assert!(v["ranking"][0].get("condition").is_none());
        assert_eq!(v["ranking"][1]["condition"], serde_json::json!("threw"));
        let back: Report = serde_json::from_value(v).expect("and reads back");
        assert_eq!(back, r);
    }

    #[test]
    fn no_fault_is_null_and_rounds_may_be_absent() {
        let v = serde_json::to_value(report(vec![])).expect("a report serializes");
        assert!(v["fault"].is_null());
        let mut obj = v.as_object().cloned().unwrap_or_default();
        obj.remove("rounds");
        let back: Report = serde_json::from_value(obj.into()).expect("rounds default to empty");
        assert!(back.rounds.is_empty());
    }
}
