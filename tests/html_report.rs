//! The HTML report in a real browser: headless Chromium loads `sattar localize --format html`, the
//! rendered DOM holds every ranked statement with its colour, the faulty line of a bundled fault on
//! top, and both heap drawings; nothing is logged to the console; hostile text from the user's
//! files stays text. A screenshot is kept under `target/html-report/` (a CI artifact). `.ci/run`
//! installs Debian's `chromium`; without it the test is skipped outside CI and fails in CI.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn out_dir() -> PathBuf {
    let d = root().join("target/html-report");
    std::fs::create_dir_all(&d).expect("output dir");
    d
}

fn chromium() -> Option<PathBuf> {
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
}

/// Writes `sattar localize ARGS --format html` to `name` under the output dir.
fn report(args: &[&str], name: &str) -> PathBuf {
    let session = out_dir().join(format!("{name}.jsonl"));
    let _ = std::fs::remove_file(&session);
    let out = Command::new(env!("CARGO_BIN_EXE_sattar"))
        .args(args)
        .args(["--engine", "interp", "--format", "html", "--session"])
        .arg(&session)
        .current_dir(root())
        .output()
        .expect("sattar runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = out_dir().join(format!("{name}.html"));
    std::fs::write(&page, &out.stdout).expect("write the page");
    page
}

/// Chromium's rendered DOM of `page` and what it logged; a screenshot next to the page.
fn render(browser: &Path, page: &Path) -> (String, String) {
    // One profile per page: two Chromiums must not share one (the tests run in parallel).
    let profile = page.with_extension("profile");
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
    ];
    let url = format!(
        "file://{}",
        page.canonicalize().expect("page path").display()
    );
    let dom = Command::new(browser)
        .args(flags)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium runs");
    let shot = page.with_extension("png");
    let _ = Command::new(browser)
        .args(flags)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--window-size=1200,2400")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .output();
    (
        String::from_utf8_lossy(&dom.stdout).into_owned(),
        String::from_utf8_lossy(&dom.stderr).into_owned(),
    )
}

fn browser_or_skip() -> Option<PathBuf> {
    let b = chromium();
    assert!(
        b.is_some() || std::env::var_os("CI").is_none(),
        "CI must have Chromium (see .ci/run)"
    );
    if b.is_none() {
        eprintln!("skipped: no chromium (apt-get install -y chromium)");
    }
    b
}

#[test]
fn the_report_renders_in_chromium_with_the_fault_on_top() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let page = report(&["localize", "--fault", "bst.traverseErr"], "traverseErr");
    let (dom, log) = render(&browser, &page);
    assert!(!log.contains(":CONSOLE("), "console messages: {log}");
    // The first ranked row is the faulty statement (line 21), at rank 1, coloured.
    let first = dom.split("<tr class=\"stmt").nth(1).expect("a ranked row");
    assert!(first.contains("data-line=\"21\""), "{first}");
    assert!(first.contains("data-rank=\"1\""), "{first}");
    assert!(
        first.contains("background: hsl(") || first.contains("background:hsl("),
        "{first}"
    );
    let rows = dom.matches("<tr class=\"stmt").count();
    assert!(rows >= 10, "{rows} ranked rows");
    assert!(
        dom.contains("<svg id=\"heap-pre\""),
        "the pre-state drawing"
    );
    assert!(
        dom.contains("<svg id=\"heap-post\""),
        "the post-state drawing"
    );
    assert!(
        dom.contains("class=\"changed\""),
        "what the run changed is highlighted"
    );
    assert!(page.with_extension("png").is_file(), "a screenshot is kept");
}

#[test]
fn hostile_text_in_the_source_stays_text() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = out_dir().join("hostile");
    std::fs::create_dir_all(&dir).expect("dir");
    let java = dir.join("Hostile.java");
    std::fs::write(
        &java,
        "// </pre><script>document.title='pwned'</script><img src=x onerror=alert(1)>\n\
         class Hostile {\n    int size;\n    void add() { size = size + 2; } // \"><b>bold</b>\n}\n",
    )
    .expect("write java");
    let spec = dir.join("hostile.spec");
    std::fs::write(
        &spec,
        "spec Hostile {\n  method add() {\n    ensures grows: this.size' = this.size + 1\n  }\n}\n",
    )
    .expect("write spec");
    let input = dir.join("in.json");
    std::fs::write(
        &input,
        r#"{"this":"H","args":{},"objects":{"H":{"class":"Hostile","size":0}}}"#,
    )
    .expect("input");
    let page = report(
        &[
            "localize",
            java.to_str().expect("utf-8"),
            "--spec",
            spec.to_str().expect("utf-8"),
            "--input",
            input.to_str().expect("utf-8"),
        ],
        "hostile",
    );
    let (dom, log) = render(&browser, &page);
    assert!(!log.contains(":CONSOLE("), "console messages: {log}");
    assert!(
        !dom.contains("<script>document"),
        "the comment became a script"
    );
    assert!(!dom.contains("<img"), "the comment became an image");
    assert!(!dom.contains("<b>bold</b>"), "the comment became markup");
    assert!(
        dom.contains("&lt;script&gt;document.title"),
        "the comment is shown as text"
    );
    assert!(!dom.contains("<title>pwned</title>"));
}
