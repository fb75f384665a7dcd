//! The HTML report of `sattar localize`: one self-contained page (no script, no network access) —
//! the analysed source coloured as in Tarantula's view (hue from suspiciousness, brightness from
//! confidence), the core's statements marked, the ranking, the violated constraints, each round's
//! test with its verdict, and the failing input's pre- and post-state drawn as object graphs (SVG,
//! fields as labelled edges, what the run changed highlighted). Every text from the user's files
//! is escaped. Each ranked statement's row carries its rank and scores as `data-` attributes, so a
//! test can read the rendered page.

use crate::model::{RankedStatement, Report};
use sattar_heap::{Heap, ObjId, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// A comment every report carries: how sattar recognizes a file it wrote.
pub const HTML_MARK: &str = "<!-- written by sattar localize -->";

/// A source file of the subject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceView {
    /// Its path, as the user named it.
    pub path: String,
    /// Its text.
    pub text: String,
}

/// The failing run drawn in the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunView {
    /// The pre-state.
    pub pre: Heap,
    /// The post-state.
    pub post: Heap,
    /// The receiver, if any.
    pub this: Option<ObjId>,
    /// The arguments, in order.
    pub args: Vec<(String, Value)>,
    /// How the run ended (`returned`, `threw java.lang.X`, …).
    pub ended: String,
}

/// Everything the HTML report shows.
#[derive(Clone, Debug, PartialEq)]
pub struct HtmlReport {
    /// What `localize` found.
    pub report: Report,
    /// The source files.
    pub sources: Vec<SourceView>,
    /// The failing run, when known.
    pub failing: Option<RunView>,
}

/// `&`, `<`, `>`, `"` and `'` escaped, control characters shown as `\u{..}`.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Tarantula's colour of a statement: hue from red (most suspicious) to green, lightness from
/// white (no confidence) to full colour.
fn colour(susp: f64, top: f64, conf: f64) -> String {
    let s = if top > 0.0 && susp.is_finite() {
        (susp / top).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let hue = (1.0 - s) * 120.0;
    let light = 95.0 - 40.0 * conf.clamp(0.0, 1.0);
    format!("hsl({hue:.0}, 80%, {light:.0}%)")
}

/// The page.
pub fn html(r: &HtmlReport) -> String {
    let rep = &r.report;
    let mut out = String::new();
    let title = format!("sattar: {}", rep.method);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n{HTML_MARK}\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&title)
    );
    header(&mut out, rep);
    ranking(&mut out, rep);
    sources(&mut out, r);
    if let Some(run) = &r.failing {
        heaps(&mut out, run);
    }
    rounds(&mut out, rep);
    out.push_str("</body>\n</html>\n");
    out
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}\
table{border-collapse:collapse}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;text-align:left}\
td.num{text-align:right;font-variant-numeric:tabular-nums}span.when{font-style:italic;font-weight:normal}\
pre.src{font-family:ui-monospace,monospace;font-size:.9em;line-height:1.35;background:#fafafa;padding:.5em}\
pre.src span.no{color:#999;display:inline-block;width:3.5em}\
tr.core,span.core{font-weight:bold}span.line.core::after{content:' \\2605'}\
svg text{font-family:ui-monospace,monospace;font-size:11px}\
.changed{fill:#c00;font-weight:bold}figure{display:inline-block;vertical-align:top;margin:0 2em 1em 0}";

fn header(out: &mut String, rep: &Report) {
    let _ = writeln!(
        out,
        "<h1>sattar — <code>{}</code></h1>",
        escape(&rep.method)
    );
    let violated = if rep.violated.is_empty() {
        "none".to_string()
    } else {
        rep.violated
            .iter()
            .map(|v| format!("<code>{}</code>", escape(v)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = write!(
        out,
        "<p id=\"summary\">technique <b>{}</b>, formula <b>{}</b>; violated: {violated}; {} tests",
        escape(&rep.technique),
        escape(&rep.rating()),
        rep.tests
    );
    if let Some(f) = &rep.fault {
        let rank = f
            .rank
            .map_or("not ranked".to_string(), |r| format!("rank {r}"));
        let _ = write!(out, "; fault <code>{}</code> at {rank}", escape(&f.id));
    }
    out.push_str("</p>\n");
}

fn ranking(out: &mut String, rep: &Report) {
    let top = rep.top_susp().unwrap_or(0.0);
    out.push_str("<h2>Ranking</h2>\n<table id=\"ranking\">\n<thead><tr><th>rank</th><th>susp</th><th>conf</th><th>core</th><th>location</th><th>statement</th></tr></thead>\n<tbody>\n");
    for s in &rep.ranking {
        let _ = writeln!(
            out,
            "<tr class=\"stmt{core}\" data-stmt=\"{}\" data-rank=\"{}\" data-susp=\"{}\" data-conf=\"{}\" data-core=\"{}\" data-line=\"{}\"{cond} style=\"background:{}\"><td class=\"num\">{}</td><td class=\"num\">{:.2}</td><td class=\"num\">{:.2}</td><td>{}</td><td>{}:{}</td><td><code>{}</code>{when}</td></tr>",
            s.stmt,
            s.rank,
            s.susp,
            s.conf,
            s.in_core,
            s.line,
            colour(s.susp, top, s.conf),
            s.rank,
            s.susp,
            s.conf,
            if s.in_core { "*" } else { "" },
            escape(short(&s.file)),
            s.line,
            escape(&s.text),
            core = if s.in_core { " core" } else { "" },
            cond = s
                .condition
                .map(|c| format!(" data-condition=\"{}\"", c.name()))
                .unwrap_or_default(),
            when = s
                .condition
                .map(|c| format!(" <span class=\"when\" title=\"rated by the value of its condition\">{}</span>", c.when()))
                .unwrap_or_default(),
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

fn short(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Each file's lines, coloured by the most suspicious statement starting on each line.
fn sources(out: &mut String, r: &HtmlReport) {
    let top = r.report.top_susp().unwrap_or(0.0);
    out.push_str("<h2>Source</h2>\n");
    for f in &r.sources {
        let mut by_line: BTreeMap<u32, &RankedStatement> = BTreeMap::new();
        for s in r.report.ranking.iter().filter(|s| s.file == f.path) {
            let e = by_line.entry(s.line).or_insert(s);
            if s.susp > e.susp {
                *e = s;
            }
        }
        let _ = writeln!(
            out,
            "<h3><code>{}</code></h3>\n<pre class=\"src\">",
            escape(&f.path)
        );
        for (i, line) in f.text.lines().enumerate() {
            let no = i as u32 + 1;
            match by_line.get(&no) {
                Some(s) => {
                    let _ = writeln!(
                        out,
                        "<span class=\"line{}\" data-line=\"{no}\" data-rank=\"{}\" style=\"background:{}\"><span class=\"no\">{no}</span>{}</span>",
                        if s.in_core { " core" } else { "" },
                        s.rank,
                        colour(s.susp, top, s.conf),
                        escape(line)
                    );
                }
                None => {
                    let _ = writeln!(out, "<span class=\"line\" data-line=\"{no}\"><span class=\"no\">{no}</span>{}</span>", escape(line));
                }
            }
        }
        out.push_str("</pre>\n");
    }
}

fn rounds(out: &mut String, rep: &Report) {
    out.push_str("<h2>Tests</h2>\n<table id=\"rounds\">\n<thead><tr><th>round</th><th>verdict</th><th>violated</th><th>input</th></tr></thead>\n<tbody>\n");
    for (i, r) in rep.rounds.iter().enumerate() {
        let _ = writeln!(
            out,
            "<tr data-round=\"{}\" data-verdict=\"{}\"><td class=\"num\">{}</td><td>{}</td><td>{}</td><td><details><summary>JSON</summary><pre>{}</pre></details></td></tr>",
            i + 1,
            escape(&r.verdict),
            i + 1,
            escape(&r.verdict),
            escape(&r.violated.join(", ")),
            escape(&r.input.to_string())
        );
    }
    out.push_str("</tbody>\n</table>\n");
}

fn heaps(out: &mut String, run: &RunView) {
    out.push_str("<h2>The failing run</h2>\n");
    let args: Vec<String> = run
        .args
        .iter()
        .map(|(n, v)| format!("{}={}", escape(n), escape(&v.to_string())))
        .collect();
    let _ = writeln!(
        out,
        "<p id=\"run\">this={}; args({}); {}</p>",
        run.this
            .as_ref()
            .map_or("-".to_string(), |t| escape(t.as_str())),
        args.join(", "),
        escape(&run.ended)
    );
    let mut roots: Vec<ObjId> = run.this.iter().cloned().collect();
    roots.extend(run.args.iter().filter_map(|(_, v)| v.as_ref().cloned()));
    let _ = writeln!(
        out,
        "<figure><figcaption>pre-state</figcaption>{}</figure>",
        graph("pre", &run.pre, &roots, None)
    );
    let _ = writeln!(
        out,
        "<figure><figcaption>post-state (what the run changed in red)</figcaption>{}</figure>",
        graph("post", &run.post, &roots, Some(&run.pre))
    );
}

/// An object graph as SVG: objects in layers by distance from the roots, reference fields as
/// labelled arrows (down to a deeper layer, or curving back on the right), the other fields inside
/// the box; with `before`, what differs is highlighted.
fn graph(id: &str, heap: &Heap, roots: &[ObjId], before: Option<&Heap>) -> String {
    let order = heap.reachable_order(roots);
    let mut rest: Vec<ObjId> = heap
        .objects
        .keys()
        .filter(|k| !order.contains(k))
        .cloned()
        .collect();
    let mut all = order;
    all.append(&mut rest);
    let layer = layers(heap, roots, &all);
    let row_h = 20.0;
    let mut next_x: BTreeMap<usize, f64> = BTreeMap::new();
    // (x, y, width, height) of every box.
    let mut pos: BTreeMap<ObjId, (f64, f64, f64, f64)> = BTreeMap::new();
    for o in &all {
        let obj = &heap.objects[o];
        let title = format!("{}: {}", o.as_str(), sattar_heap::short_class(&obj.class));
        let widest = obj
            .fields
            .iter()
            .filter(|(_, v)| !matches!(v, Value::Ref(_)))
            .map(|(f, v)| f.chars().count() + v.to_string().chars().count() + 3)
            .chain([title.chars().count()])
            .max()
            .unwrap_or(8);
        let rows = obj
            .fields
            .values()
            .filter(|v| !matches!(v, Value::Ref(_)))
            .count();
        let (w, h) = (
            (widest as f64 * 7.0 + 16.0).max(120.0),
            row_h * (1.5 + rows as f64),
        );
        let l = layer[o];
        let x = next_x.entry(l).or_insert(20.0);
        pos.insert(o.clone(), (*x, 20.0 + l as f64 * 140.0, w, h));
        *x += w + 60.0;
    }
    let width = next_x.values().fold(200.0_f64, |a, b| a.max(*b)) + 60.0;
    let height = 80.0 + next_x.len().max(1) as f64 * 140.0;
    let mut s = format!(
        "<svg id=\"heap-{id}\" class=\"heap\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" role=\"img\">\
<defs><marker id=\"arrow-{id}\" markerWidth=\"8\" markerHeight=\"8\" refX=\"8\" refY=\"4\" orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#555\"/></marker></defs>"
    );
    let changed = |o: &ObjId, f: &str, v: &Value| -> bool {
        before.is_some_and(|b| b.field(o, f) != Some(v))
    };
    for o in &all {
        let (x, y, w, bh) = pos[o];
        let obj = &heap.objects[o];
        let new = before.is_some_and(|b| !b.objects.contains_key(o));
        let _ = write!(
            s,
            "<g class=\"obj{}\" data-obj=\"{}\"><rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{w:.0}\" height=\"{bh:.0}\" rx=\"4\" fill=\"{}\" stroke=\"#555\"/><text x=\"{:.0}\" y=\"{:.0}\"{}>{}: {}</text>",
            if new { " new" } else { "" },
            escape(o.as_str()),
            if new { "#fde" } else { "#fff" },
            x + 6.0,
            y + 16.0,
            if new { " class=\"changed\"" } else { "" },
            escape(o.as_str()),
            escape(sattar_heap::short_class(&obj.class))
        );
        let mut row = 1.0;
        for (f, v) in &obj.fields {
            if let Value::Ref(_) = v {
                continue;
            }
            let cls = if changed(o, f, v) {
                " class=\"changed\""
            } else {
                ""
            };
            let _ = write!(
                s,
                "<text x=\"{:.0}\" y=\"{:.0}\"{cls}>{} = {}</text>",
                x + 10.0,
                y + 16.0 + row * row_h,
                escape(f),
                escape(&v.to_string())
            );
            row += 1.0;
        }
        s.push_str("</g>");
    }
    for o in &all {
        let (x, y, w, bh) = pos[o];
        let refs = heap.objects[o]
            .fields
            .iter()
            .filter(|(_, v)| matches!(v, Value::Ref(_)));
        for (k, (f, v)) in refs.enumerate() {
            let Value::Ref(t) = v else { continue };
            let Some(&(tx, ty, tw, th)) = pos.get(t) else {
                continue;
            };
            let cls = if changed(o, f, v) { "changed" } else { "" };
            let stroke = if cls.is_empty() { "#555" } else { "#c00" };
            let (path, lx, ly) = if ty > y {
                let x1 = x + 14.0 + 22.0 * k as f64;
                let (x2, y2) = (tx + tw / 2.0, ty);
                (
                    format!("M{x1:.0},{:.0} L{x2:.0},{y2:.0}", y + bh),
                    x1 + 3.0,
                    y + bh + 14.0 + 12.0 * k as f64,
                )
            } else {
                // Back or sideways: leave on the right, come in on the target's right.
                let (x1, y1) = (x + w, y + 10.0 + 12.0 * k as f64);
                let (x2, y2) = (tx + tw, ty + th / 2.0);
                let bend = 40.0 + 15.0 * k as f64;
                (
                    format!(
                        "M{x1:.0},{y1:.0} C{:.0},{y1:.0} {:.0},{y2:.0} {x2:.0},{y2:.0}",
                        x1 + bend,
                        x2 + bend
                    ),
                    x1 + 4.0,
                    y1 - 3.0,
                )
            };
            let _ = write!(
                s,
                "<g class=\"edge {cls}\" data-from=\"{}\" data-field=\"{}\" data-to=\"{}\"><path d=\"{path}\" fill=\"none\" stroke=\"{stroke}\" marker-end=\"url(#arrow-{id})\"/><text x=\"{lx:.0}\" y=\"{ly:.0}\" class=\"{cls}\">{}</text></g>",
                escape(o.as_str()),
                escape(f),
                escape(t.as_str()),
                escape(f)
            );
        }
    }
    for (k, v) in &heap.statics {
        let _ = write!(s, "<desc>{} = {}</desc>", escape(k), escape(&v.to_string()));
    }
    s.push_str("</svg>");
    s
}

/// Each object's distance from the roots (unreachable objects one layer below the deepest).
fn layers(heap: &Heap, roots: &[ObjId], all: &[ObjId]) -> BTreeMap<ObjId, usize> {
    let mut layer: BTreeMap<ObjId, usize> = BTreeMap::new();
    let mut frontier: Vec<ObjId> = roots
        .iter()
        .filter(|r| heap.objects.contains_key(*r))
        .cloned()
        .collect();
    let mut seen: BTreeSet<ObjId> = frontier.iter().cloned().collect();
    let mut depth = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for o in &frontier {
            layer.insert(o.clone(), depth);
            for v in heap.objects[o].fields.values() {
                if let Value::Ref(t) = v {
                    if heap.objects.contains_key(t) && seen.insert(t.clone()) {
                        next.push(t.clone());
                    }
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    for o in all {
        layer.entry(o.clone()).or_insert(depth);
    }
    layer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FaultInfo, RoundSummary};
    use sattar_heap::Object;

    /// `(id, class, fields)` of each object.
    type Objects<'a> = [(&'a str, &'a str, &'a [(&'a str, Value)])];

    fn heap(objs: &Objects) -> Heap {
        let mut h = Heap::default();
        for (id, class, fields) in objs {
            h.objects.insert(
                ObjId::new(*id),
                Object {
                    class: class.to_string(),
                    fields: fields
                        .iter()
                        .map(|(f, v)| (f.to_string(), v.clone()))
                        .collect(),
                },
            );
        }
        h
    }

    fn sample(hostile: &str) -> HtmlReport {
        let stmt =
            |id: u32, line: u32, text: &str, susp: f64, rank: usize, core: bool| RankedStatement {
                stmt: id,
                file: "A.java".into(),
                line,
                text: text.into(),
                susp,
                conf: 1.0,
                rank,
                rank_avg: rank as f64,
                in_core: core,
                condition: None,
            };
        let report = Report {
            tool_version: "0".into(),
            subject: "A.java".into(),
            method: format!("A.{hostile}"),
            technique: "sat-tar".into(),
            formula: "tarantula".into(),
            domain: "outcomes".into(),
            violated: vec![format!("ok{hostile}")],
            suspects: vec![2],
            rounds: vec![RoundSummary {
                input: serde_json::json!({"this": hostile}),
                verdict: "pass".into(),
                violated: Vec::new(),
                timed_out: false,
            }],
            ranking: vec![
                stmt(2, 3, &format!("size = 0; // {hostile}"), 1.5, 1, true),
                stmt(1, 2, "int x = 1;", 0.5, 2, false),
            ],
            tests: 1,
            fault: Some(FaultInfo {
                id: "a.err".into(),
                faulty_lines: vec![3],
                rank: Some(1),
            }),
        };
        let pre = heap(&[
            (
                "L0",
                "A",
                &[
                    ("size", Value::Int(2)),
                    ("head", Value::Ref(ObjId::new("N0"))),
                ],
            ),
            ("N0", "A.Node", &[("next", Value::Null)]),
        ]);
        let mut post = pre.clone();
        post.objects
            .get_mut(&ObjId::new("L0"))
            .expect("L0")
            .fields
            .insert("size".into(), Value::Int(0));
        HtmlReport {
            report,
            sources: vec![SourceView {
                path: "A.java".into(),
                text: format!("class A {{\n  int x = 1;\n  size = 0; // {hostile}\n}}\n"),
            }],
            failing: Some(RunView {
                pre,
                post,
                this: Some(ObjId::new("L0")),
                args: vec![("k".into(), Value::Int(0))],
                ended: "returned".into(),
            }),
        }
    }

    #[test]
    fn rows_carry_ranks_and_scores_and_the_core_is_marked() {
        let page = html(&sample("x"));
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("data-stmt=\"2\" data-rank=\"1\" data-susp=\"1.5\" data-conf=\"1\" data-core=\"true\" data-line=\"3\""), "{page}");
        assert!(page.contains("<tr class=\"stmt core\""));
        assert!(page.contains("<svg id=\"heap-pre\""));
        assert!(page.contains("<svg id=\"heap-post\""));
        // The post-state's changed field is highlighted; the unchanged one is not.
        assert!(page.contains("class=\"changed\">size = 0</text>"), "{page}");
        assert!(page.contains(">size = 2</text>"));
        // Colours: the top statement is red (hue 0), the other at a third of the top is greener.
        assert!(page.contains("background:hsl(0, 80%, 55%)"));
        assert!(page.contains("background:hsl(80, 80%, 55%)"));
        assert!(!page.contains("<script"), "the page is static");
        assert!(
            !page.contains("http://")
                || page.matches("http://").count()
                    == page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
        );
    }

    #[test]
    fn hostile_names_and_comments_are_escaped() {
        let hostile = "<script>alert('x')</script>\u{1b}[31m&\"";
        let page = html(&sample(hostile));
        assert!(!page.contains("<script>"), "{page}");
        assert!(
            page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;\\u{1b}[31m&amp;&quot;")
        );
    }

    #[test]
    fn colours_follow_tarantula() {
        assert_eq!(colour(1.0, 1.0, 1.0), "hsl(0, 80%, 55%)");
        assert_eq!(colour(0.0, 1.0, 1.0), "hsl(120, 80%, 55%)");
        assert_eq!(colour(0.5, 1.0, 0.0), "hsl(60, 80%, 95%)");
        assert_eq!(colour(f64::NAN, 1.0, 1.0), "hsl(120, 80%, 55%)");
    }
}
