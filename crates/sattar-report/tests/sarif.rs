//! sattar's SARIF output validated against the SARIF 2.1.0 JSON schema (tests/fixtures), with
//! format assertions on (`uri`, `uri-reference`, …), and its content checked field by field.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_report::{
    render_sarif, to_sarif, FaultInfo, RankedStatement, Report, SarifOptions, RULE_ID,
};
use serde_json::{json, Value};

fn stmt(rank: usize, susp: f64, line: u32, text: &str, in_core: bool) -> RankedStatement {
    RankedStatement {
        stmt: line - 13,
        file: "java-subjects/linkedlist/LinkedList.java".into(),
        line,
        text: text.into(),
        susp,
        conf: 0.75,
        rank,
        rank_avg: rank as f64,
        in_core,
        condition: None,
    }
}

fn report() -> Report {
    Report {
        tool_version: "0.1.0".into(),
        subject: "java-subjects/linkedlist/LinkedList.java".into(),
        method: "LinkedList.delete".into(),
        technique: "sat-tar".into(),
        formula: "tarantula".into(),
        domain: "outcomes".into(),
        violated: vec!["sizeOk".into()],
        suspects: vec![10, 4],
        rounds: vec![],
        ranking: vec![
            stmt(1, 0.8333, 23, "size = size - 1;", true),
            stmt(3, 0.5, 17, "if (lst.key == k)", true),
            stmt(3, 0.5, 16, "while (lst != null)", false),
            stmt(4, 0.0, 29, "return false;", false),
        ],
        tests: 12,
        fault: Some(FaultInfo {
            id: "sll.sizeErr".into(),
            faulty_lines: vec![23],
            rank: Some(1),
        }),
    }
}

/// Validates `log` against the shipped schema; `Err` carries the validator's explanation.
fn validate(log: &Value) -> Result<(), String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/sarif-schema-2.1.0.json"
    );
    let text = std::fs::read_to_string(path).expect("the schema fixture is shipped");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    let mut compiler = boon::Compiler::new();
    compiler.enable_format_assertions();
    let url = "urn:sattar:sarif-schema-2.1.0.json";
    compiler
        .add_resource(url, schema)
        .expect("the schema loads");
    let mut schemas = boon::Schemas::new();
    let index = compiler
        .compile(url, &mut schemas)
        .expect("the schema compiles");
    schemas.validate(log, index).map_err(|e| format!("{e:#}"))
}

#[test]
fn the_log_of_a_typical_report_is_valid_sarif_2_1_0() {
    let log = to_sarif(&report(), &SarifOptions::default());
    validate(&log).unwrap_or_else(|e| panic!("invalid SARIF: {e}\n{log:#}"));
}

#[test]
fn the_validator_rejects_what_sarif_forbids() {
    let good = to_sarif(&report(), &SarifOptions::default());
    let mut no_message = good.clone();
    if let Some(r) = no_message["runs"][0]["results"][0].as_object_mut() {
        r.remove("message");
    }
    assert!(validate(&no_message).is_err(), "a result needs a message");
    let mut bad_line = good.clone();
    bad_line["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        json!(0);
    assert!(validate(&bad_line).is_err(), "lines start at 1");
    let mut typo = good.clone();
    typo["runs"][0]["results"][0]["levle"] = json!("error");
    assert!(validate(&typo).is_err(), "no unknown properties");
    let mut bad_uri = good;
    bad_uri["runs"][0]["artifacts"][0]["location"]["uri"] = json!("a b\\c");
    assert!(validate(&bad_uri).is_err(), "uris are uri references");
}

#[test]
fn edge_cases_stay_valid() {
    let mut r = report();
    r.fault = None;
    r.ranking[0].line = 0;
    r.ranking[1].file = "/abs/dir with space/Other File.java".into();
    r.ranking[2].susp = f64::NAN;
    r.ranking[3].text = "weird \u{1b}[31m \"text\"\n".into();
    let opts = SarifOptions {
        min_susp: Some(f64::NEG_INFINITY),
        information_uri: Some("https://example.org/sattar".into()),
        help_uri: Some("file:///opt/sattar/docs/LOCALIZE.md".into()),
        src_root: Some("/abs".into()),
        ..SarifOptions::default()
    };
    let log = to_sarif(&r, &opts);
    validate(&log).unwrap_or_else(|e| panic!("invalid SARIF: {e}\n{log:#}"));
    let mut empty = report();
    empty.ranking.clear();
    validate(&to_sarif(&empty, &SarifOptions::default())).expect("an empty ranking is valid");
}

fn start_lines(log: &Value) -> Vec<u64> {
    log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["region"]["startLine"]
                .as_u64()
                .expect("a line")
        })
        .collect()
}

#[test]
fn the_suspects_are_the_results_by_default() {
    let log = to_sarif(&report(), &SarifOptions::default());
    // The core's statements and the top group; not line 16, tied with 17 but not in the core.
    assert_eq!(start_lines(&log), [23, 17]);
    let levels: Vec<&Value> = log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| &r["level"])
        .collect();
    assert_eq!(levels, [&json!("error"), &json!("warning")]);
    let all = to_sarif(
        &report(),
        &SarifOptions {
            min_susp: Some(0.0),
            ..SarifOptions::default()
        },
    );
    assert_eq!(start_lines(&all), [23, 17, 16, 29]);
    assert_eq!(all["runs"][0]["results"][3]["level"], json!("note"));
    let half = to_sarif(
        &report(),
        &SarifOptions {
            min_susp: Some(0.5),
            ..SarifOptions::default()
        },
    );
    assert_eq!(start_lines(&half), [23, 17, 16]);
}

#[test]
fn top_n_reports_at_most_n_results_with_a_positive_score() {
    for (n, want) in [(1, vec![23]), (2, vec![23, 17]), (5, vec![23, 17, 16])] {
        let log = to_sarif(
            &report(),
            &SarifOptions {
                top: Some(n),
                ..SarifOptions::default()
            },
        );
        assert_eq!(start_lines(&log), want, "--top {n}");
        validate(&log).unwrap_or_else(|e| panic!("invalid SARIF: {e}"));
    }
    let both = to_sarif(
        &report(),
        &SarifOptions {
            top: Some(2),
            min_susp: Some(0.6),
            ..SarifOptions::default()
        },
    );
    assert_eq!(start_lines(&both), [23]);
}

#[test]
fn a_result_carries_the_location_message_and_sattars_numbers() {
    let mut explains = std::collections::BTreeMap::new();
    explains.insert(10, vec!["sizeOk".to_string()]);
    let opts = SarifOptions {
        min_susp: Some(0.0),
        explains,
        ..SarifOptions::default()
    };
    let log = to_sarif(&report(), &opts);
    let r = &log["runs"][0]["results"][0];
    assert_eq!(r["ruleId"], json!(RULE_ID));
    assert_eq!(r["ruleIndex"], json!(0));
    assert_eq!(
        r["message"]["text"],
        json!("Rank 1 of 4 (suspiciousness 0.83): in the minimal unsat core of the violation of sizeOk.")
    );
    assert_eq!(
        r["locations"][0]["physicalLocation"],
        json!({
            "artifactLocation": {
                "uri": "java-subjects/linkedlist/LinkedList.java",
                "uriBaseId": "%SRCROOT%",
                "index": 0
            },
            "region": { "startLine": 23, "snippet": { "text": "size = size - 1;" } }
        })
    );
    assert_eq!(
        r["properties"],
        json!({ "stmt": 10, "rank": 1, "rankAvg": 1.0, "susp": 0.8333, "conf": 0.75, "inCore": true })
    );
    assert_eq!(r["rank"], json!(100.0));
    let third = &log["runs"][0]["results"][2];
    assert_eq!(
        third["message"]["text"],
        json!("Rank 3 of 4 (suspiciousness 0.50): run by failing tests, which violate sizeOk.")
    );
}

#[test]
fn fingerprints_follow_the_statement_not_its_line() {
    let all = SarifOptions {
        min_susp: Some(f64::NEG_INFINITY),
        ..SarifOptions::default()
    };
    let fingerprints = |r: &Report| -> Vec<String> {
        to_sarif(r, &all)["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|x| {
                x["partialFingerprints"]["sattarStatement/v1"]
                    .as_str()
                    .expect("a fingerprint")
                    .to_string()
            })
            .collect()
    };
    let before = fingerprints(&report());
    let distinct: std::collections::BTreeSet<&String> = before.iter().collect();
    assert_eq!(distinct.len(), 4);
    assert!(before.iter().all(|f| f.len() == 64));
    // Three lines inserted above every statement: the same fingerprints.
    let mut moved = report();
    for s in &mut moved.ranking {
        s.line += 3;
    }
    assert_eq!(fingerprints(&moved), before);
    // Another text is another statement.
    let mut edited = report();
    edited.ranking[0].text = "size = size + 1;".into();
    assert_ne!(fingerprints(&edited)[0], before[0]);
}

#[test]
fn the_rule_links_its_help_and_the_root_is_named() {
    let opts = SarifOptions {
        help_uri: Some("file:///opt/sattar/docs/LOCALIZE.md".into()),
        src_root: Some("/home/me/project".into()),
        ..SarifOptions::default()
    };
    let log = to_sarif(&report(), &opts);
    let run = &log["runs"][0];
    assert_eq!(
        run["tool"]["driver"]["rules"][0]["helpUri"],
        json!("file:///opt/sattar/docs/LOCALIZE.md")
    );
    assert_eq!(
        run["originalUriBaseIds"],
        json!({ "%SRCROOT%": { "uri": "file:///home/me/project/" } })
    );
    validate(&log).unwrap_or_else(|e| panic!("invalid SARIF: {e}\n{log:#}"));
}

#[test]
fn the_run_names_the_tool_rule_artifact_and_localization() {
    let log = to_sarif(&report(), &SarifOptions::default());
    assert_eq!(
        log["$schema"],
        json!("https://json.schemastore.org/sarif-2.1.0.json")
    );
    assert_eq!(log["version"], json!("2.1.0"));
    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], json!("sattar"));
    assert_eq!(driver["version"], json!("0.1.0"));
    assert_eq!(driver["rules"][0]["id"], json!(RULE_ID));
    for key in ["shortDescription", "fullDescription", "help"] {
        assert!(driver["rules"][0][key]["text"].is_string(), "rule.{key}");
    }
    assert_eq!(
        run["artifacts"],
        json!([{
            "location": { "uri": "java-subjects/linkedlist/LinkedList.java", "uriBaseId": "%SRCROOT%" },
            "sourceLanguage": "java"
        }])
    );
    assert_eq!(
        run["properties"],
        json!({
            "method": "LinkedList.delete", "technique": "sat-tar", "formula": "tarantula", "domain": "outcomes",
            "violated": ["sizeOk"], "suspects": [10, 4], "tests": 12,
            "fault": { "id": "sll.sizeErr", "faultyLines": [23], "rank": 1 }
        })
    );
}

#[test]
fn other_files_become_further_artifacts() {
    let mut r = report();
    r.ranking[1].file = "/abs/Other.java".into();
    let log = to_sarif(&r, &SarifOptions::default());
    let loc = &log["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(loc, &json!({ "uri": "file:///abs/Other.java", "index": 1 }));
    assert_eq!(
        log["runs"][0]["artifacts"][1]["location"]["uri"],
        json!("file:///abs/Other.java")
    );
    // Below the source root it is relative to it.
    let rooted = SarifOptions {
        src_root: Some("/abs".into()),
        ..SarifOptions::default()
    };
    let log = to_sarif(&r, &rooted);
    let loc = &log["runs"][0]["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(
        loc,
        &json!({ "uri": "Other.java", "uriBaseId": "%SRCROOT%", "index": 1 })
    );
}

#[test]
fn the_rendered_log_is_the_same_json() {
    let text = render_sarif(&report(), &SarifOptions::default());
    assert!(text.ends_with("}\n"));
    let back: Value = serde_json::from_str(&text).expect("rendered SARIF is JSON");
    assert_eq!(back, to_sarif(&report(), &SarifOptions::default()));
}

#[test]
fn a_condition_value_is_a_property_and_part_of_the_message() {
    let mut r = report();
    r.ranking[1].condition = Some(sattar_report::ConditionValue::False);
    let log = to_sarif(&r, &SarifOptions::default());
    validate(&log).unwrap_or_else(|e| panic!("invalid SARIF: {e}\n{log:#}"));
    let results = &log["runs"][0]["results"];
    assert_eq!(results[1]["properties"]["condition"], json!("false"));
    let text = results[1]["message"]["text"].as_str().expect("a message");
    assert!(
        text.starts_with("Rank 3 of 4 (suspiciousness 0.50, when its condition is false)"),
        "{text}"
    );
    assert!(results[0]["properties"].get("condition").is_none());
}
