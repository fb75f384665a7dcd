//! JSON on stdout: every command's `--format json` is one pretty-printed document.

use serde_json::Value as Json;

/// `v` pretty-printed (two-space indent), without a trailing newline.
pub fn render_json(v: &Json) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
}
