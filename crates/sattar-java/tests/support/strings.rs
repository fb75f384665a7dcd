//! A program over sattar's model of java.lang.String (shared by the engines' differential
//! tests): every modelled method with its exceptions (StringIndexOutOfBounds,
//! NullPointerException), the identities the JDK gives (`this`, the literal "", new objects),
//! interned literals and constant expressions, concatenation with every kind of operand (ints,
//! chars, booleans, longs, boxes, null, objects whose toString is the program's or returns
//! null) in JDK 17 javac's order, and `+=` on a field.
#![allow(dead_code)]

/// The sources: static methods over strings, and two classes whose toString the concatenation
/// calls.
pub const FILES: &[(&str, &str)] = &[
    (
        "str/Pt.java",
        "package str;
public class Pt {
    int x;
    public String toString() {
        x++;
        return x > 2 ? null : \"(\" + x + \")\";
    }
}",
    ),
    (
        "str/Ops.java",
        "package str;
public class Ops {
    static String last;
    public static int length(String s) { return s.length(); }
    public static boolean isEmpty(String s) { return s.isEmpty(); }
    public static char charAt(String s, int i) { return s.charAt(i); }
    public static boolean equals(String s, String t) { return s.equals(t); }
    public static boolean equalsObject(String s, Object o) { return s.equals(o); }
    public static int hash(String s) { return s.hashCode(); }
    public static int compare(String s, String t) { return s.compareTo(t); }
    public static int compareAsComparable(Comparable<String> s, String t) { return s.compareTo(t); }
    public static int indexOfChar(String s, int ch) { return s.indexOf(ch); }
    public static int indexOfCharFrom(String s, int ch, int from) { return s.indexOf(ch, from); }
    public static int lastIndexOfChar(String s, int ch) { return s.lastIndexOf(ch); }
    public static int indexOf(String s, String t) { return s.indexOf(t); }
    public static int indexOfFrom(String s, String t, int from) { return s.indexOf(t, from); }
    public static boolean contains(String s, String t) { return s.contains(t); }
    public static boolean startsWith(String s, String t) { return s.startsWith(t); }
    public static boolean startsWithAt(String s, String t, int at) { return s.startsWith(t, at); }
    public static boolean endsWith(String s, String t) { return s.endsWith(t); }
    public static String substring(String s, int b) { last = s.substring(b); return last; }
    public static String substring2(String s, int b, int e) { last = s.substring(b, e); return last; }
    public static boolean substringIsThis(String s, int b) { return s.substring(b) == s; }
    public static boolean emptySubstringIsLiteral(String s, int b) { return s.substring(b, b) == \"\"; }
    public static String concat(String s, String t) { last = s.concat(t); return last; }
    public static boolean concatIsThis(String s, String t) { return s.concat(t) == s; }
    public static String trim(String s) { last = s.trim(); return last; }
    public static boolean trimIsThis(String s) { return s.trim() == s; }
    public static String replace(String s, char a, char b) { return s.replace(a, b); }
    public static boolean replaceIsThis(String s, char a, char b) { return s.replace(a, b) == s; }
    public static char[] toCharArray(String s) { return s.toCharArray(); }
    public static String copy(String s) { return new String(s); }
    public static boolean copyIsNew(String s) { return new String(s) != s && new String(s).equals(s); }
    public static String ofChars(String s, int offset, int count) { return new String(s.toCharArray(), offset, count); }
    public static String valueOfInt(int i) { return String.valueOf(i); }
    public static String valueOfLong(long l) { return String.valueOf(l); }
    public static String valueOfChar(char c) { return String.valueOf(c); }
    public static String valueOfBool(boolean b) { return String.valueOf(b); }
    public static String join(String s, int i, char c, boolean b, long l, Integer x, String t) {
        return s + i + c + b + l + x + t + null;
    }
    public static String joinObjects(Pt p, Pt q, String s) { last = p + \"/\" + q + s; return last; }
    public static String appendTo(String s, int i) { last = s; last += i; last += s; return last; }
    public static boolean literalsAreInterned(String s) {
        String a = \"ab\";
        String b = \"a\" + \"b\";
        final String c = \"a\";
        return a == b && (c + \"b\") == a && (s + \"\") != s && a.equals(\"a\" + (s == null ? \"b\" : \"b\"));
    }
    public static boolean identity(String s, String t) { return s == t; }
    static StringBuilder buf;
    public static String build(String s, int i, char c, boolean b) {
        StringBuilder sb = new StringBuilder(s);
        sb.append(i).append(c).append(b).append(-7L).append((String) null).append(\"x\");
        return sb.toString();
    }
    public static String insertAt(String s, int at, char c) {
        StringBuilder sb = new StringBuilder(s);
        sb.insert(at, c);
        sb.insert(0, \"<\");
        return sb.toString();
    }
    public static String edit(String s, int i, char c) {
        StringBuilder sb = new StringBuilder(s);
        sb.setCharAt(i, c);
        sb.deleteCharAt(0);
        return sb.length() + \":\" + sb;
    }
    public static String reversed(String s) { return new StringBuilder(s).reverse().toString(); }
    public static String truncate(String s, int n) {
        StringBuilder sb = new StringBuilder(s);
        sb.setLength(n);
        return sb.toString();
    }
    public static char builderCharAt(String s, int i) { return new StringBuilder(s).charAt(i); }
    public static void keep(String s) { buf = new StringBuilder(s); buf.append('!'); }
    public static boolean containsBuilder(String s, String t) { return s.contains(new StringBuilder(t)); }
    public static int withCapacity(int n) { return new StringBuilder(n).length(); }
    public static int compareBuilders(String s, String t) {
        Comparable<StringBuilder> a = new StringBuilder(s);
        return a.compareTo(new StringBuilder(t));
    }
}",
    ),
];

/// Strings the cases use, as JSON: null, empty, ASCII, blanks to trim, a surrogate pair.
pub const STRINGS: &[&str] = &[
    "null",
    "\"\"",
    "\"a\"",
    "\"b\"",
    "\"ab\"",
    "\"ba\"",
    "\"aab\"",
    "\" a \"",
    "\"\\ud83d\\ude00\"",
];

/// Ints the cases use: out of range on both sides, in range.
pub const INTS: &[i64] = &[-1, 0, 1, 2, 3];

/// Code points `indexOf(int)` looks for: 'a', 'b', one surrogate, a supplementary code point,
/// negatives and past the last code point.
pub const CODE_POINTS: &[i64] = &[97, 98, 0xD83D, 0x1F600, -1, 0x110000];

/// `(method, input JSON)` for every case.
pub fn cases() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for &s in STRINGS {
        let s = s.to_string();
        for m in [
            "length",
            "isEmpty",
            "hash",
            "trim",
            "trimIsThis",
            "toCharArray",
            "copy",
            "copyIsNew",
            "literalsAreInterned",
        ] {
            out.push((m, args(&[("s", s.clone())])));
        }
        for &i in INTS {
            out.push(("charAt", args(&[("s", s.clone()), ("i", i.to_string())])));
            for m in ["substring", "substringIsThis", "emptySubstringIsLiteral"] {
                out.push((m, args(&[("s", s.clone()), ("b", i.to_string())])));
            }
            for &e in INTS {
                out.push((
                    "substring2",
                    args(&[("s", s.clone()), ("b", i.to_string()), ("e", e.to_string())]),
                ));
                out.push((
                    "ofChars",
                    args(&[
                        ("s", s.clone()),
                        ("offset", i.to_string()),
                        ("count", e.to_string()),
                    ]),
                ));
            }
            out.push(("appendTo", args(&[("s", s.clone()), ("i", i.to_string())])));
        }
        for &ch in CODE_POINTS {
            out.push((
                "indexOfChar",
                args(&[("s", s.clone()), ("ch", ch.to_string())]),
            ));
            out.push((
                "lastIndexOfChar",
                args(&[("s", s.clone()), ("ch", ch.to_string())]),
            ));
            for &f in INTS {
                out.push((
                    "indexOfCharFrom",
                    args(&[
                        ("s", s.clone()),
                        ("ch", ch.to_string()),
                        ("from", f.to_string()),
                    ]),
                ));
            }
        }
        for (a, b) in [("\"a\"", "\"b\""), ("\"a\"", "\"a\""), ("\" \"", "\"x\"")] {
            out.push((
                "replace",
                args(&[("s", s.clone()), ("a", a.into()), ("b", b.into())]),
            ));
            out.push((
                "replaceIsThis",
                args(&[("s", s.clone()), ("a", a.into()), ("b", b.into())]),
            ));
        }
        for &t in STRINGS {
            let t = t.to_string();
            for m in [
                "equals",
                "equalsObject",
                "compare",
                "compareAsComparable",
                "indexOf",
                "contains",
                "startsWith",
                "endsWith",
                "concat",
                "concatIsThis",
                "identity",
            ] {
                let t_arg = if m == "equalsObject" { "o" } else { "t" };
                out.push((m, args(&[("s", s.clone()), (t_arg, t.clone())])));
            }
            for &i in INTS {
                out.push((
                    "indexOfFrom",
                    args(&[("s", s.clone()), ("t", t.clone()), ("from", i.to_string())]),
                ));
                out.push((
                    "startsWithAt",
                    args(&[("s", s.clone()), ("t", t.clone()), ("at", i.to_string())]),
                ));
            }
        }
    }
    builder_cases(&mut out);
    for i in [
        0,
        7,
        -7,
        10,
        -10,
        123,
        i64::from(i32::MIN),
        i64::from(i32::MAX),
    ] {
        out.push(("valueOfInt", args(&[("i", i.to_string())])));
    }
    for l in [0, -45, i64::MIN, i64::MAX] {
        out.push(("valueOfLong", args(&[("l", l.to_string())])));
    }
    for c in ["\"a\"", "0", "55357"] {
        out.push(("valueOfChar", args(&[("c", c.to_string())])));
    }
    for b in ["true", "false"] {
        out.push(("valueOfBool", args(&[("b", b.to_string())])));
    }
    for x in ["null", "5", "-300"] {
        out.push((
            "join",
            args(&[
                ("s", "\"s\"".into()),
                ("i", "-3".into()),
                ("c", "\"c\"".into()),
                ("b", "true".into()),
                ("l", "-9".into()),
                ("x", x.into()),
                ("t", "null".into()),
            ]),
        ));
    }
    // Objects whose toString counts its calls: "(1)", "(2)", then null ("null").
    for (p, q) in [("null", "null"), ("\"P\"", "\"Q\""), ("\"P\"", "\"P\"")] {
        let json = format!(
            "{{\"args\":{{\"p\":{p},\"q\":{q},\"s\":\"!\"}},\"objects\":{{\"P\":{{\"class\":\"str.Pt\",\"x\":0}},\"Q\":{{\"class\":\"str.Pt\",\"x\":2}}}}}}"
        );
        out.push(("joinObjects", json));
    }
    out
}

/// The StringBuilder cases: every builder method on every string, indices out of range on both
/// sides, a surrogate pair reversed, a builder left in a static.
fn builder_cases(out: &mut Vec<(&'static str, String)>) {
    for &s in STRINGS {
        let s = s.to_string();
        out.push(("reversed", args(&[("s", s.clone())])));
        out.push(("keep", args(&[("s", s.clone())])));
        for &i in INTS {
            let i = i.to_string();
            out.push((
                "build",
                args(&[
                    ("s", s.clone()),
                    ("i", i.clone()),
                    ("c", "\"c\"".into()),
                    ("b", "true".into()),
                ]),
            ));
            for m in ["insertAt", "edit"] {
                let at = if m == "edit" { "i" } else { "at" };
                out.push((
                    m,
                    args(&[("s", s.clone()), (at, i.clone()), ("c", "\"z\"".into())]),
                ));
            }
            out.push(("truncate", args(&[("s", s.clone()), ("n", i.clone())])));
            out.push(("builderCharAt", args(&[("s", s.clone()), ("i", i.clone())])));
        }
        for &t in STRINGS {
            out.push((
                "containsBuilder",
                args(&[("s", s.clone()), ("t", t.to_string())]),
            ));
            out.push((
                "compareBuilders",
                args(&[("s", s.clone()), ("t", t.to_string())]),
            ));
        }
    }
    for n in ["-1", "0", "3"] {
        out.push(("withCapacity", args(&[("n", n.into())])));
    }
}

/// An input of a static method with these arguments (JSON values) and no objects.
fn args(pairs: &[(&str, String)]) -> String {
    let body: Vec<String> = pairs.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
    format!("{{\"args\":{{{}}},\"objects\":{{}}}}", body.join(","))
}
