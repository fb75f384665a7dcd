//! A program over Java's statements beyond the loops and `if` (shared by the engines'
//! differential tests): `assert`, labelled `break`/`continue`, labelled blocks, `try`/`catch`/
//! `finally` (user and JDK exception classes, multi-catch, rethrow, `finally` overriding or
//! resuming returns, breaks and exceptions, exceptions thrown by calls), exception messages, static methods named through an instance,
//! `switch` statements (fallthrough, rules, `default` in the middle, on ints and enums, with
//! `break` and `continue`) and switch expressions (rules, `yield`, `throw`).
#![allow(dead_code)]

/// The sources: a package of three files.
pub const FILES: &[(&str, &str)] = &[
    (
        "st/Bad.java",
        "package st;
public class Bad extends IllegalStateException {
    public Bad(String m) { super(m); }
}
",
    ),
    (
        "st/Worse.java",
        "package st;
public class Worse extends Bad {
    public Worse(String m) { super(m); }
}
",
    ),
    (
        "st/Mood.java",
        "package st;
public enum Mood { LOW, MID, HIGH }
",
    ),
    (
        "st/St.java",
        "package st;
import java.util.NoSuchElementException;
public class St {
    int acc;
    St next;
    static int log;
    static int twice(int x) {
        log = log + 1;
        return 2 * x;
    }
    St bump() {
        acc = acc + 1;
        return next;
    }
    int viaInstance(int a) {
        // A static method named through an expression: the expression is evaluated (its
        // effects happen), its value discarded, and a null there throws nothing.
        return bump().twice(a) + next.twice(acc) + log;
    }
    int check(int a) {
        assert a != 3 : \"three: \" + a;
        assert a < 100;
        return a * 2;
    }
    int grid(int a, int b) {
        int hits = 0;
        outer:
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                if (j == a) { continue outer; }
                if (i + j == b) { break outer; }
                hits = hits + 1;
            }
        }
        block: {
            if (hits > a) { break block; }
            hits = hits + 100;
        }
        return hits;
    }
    void fail(int a) {
        if (a == 1) { throw new Bad(\"bad \" + a); }
        if (a == 2) { throw new Worse(\"worse\"); }
        if (a == 3) { throw new NoSuchElementException(); }
        if (a == 4) { throw new IllegalArgumentException(\"arg \" + (acc - a) + \" of \" + this.acc * 2 + -a); }
        acc = acc + 1 / (a - 5);
    }
    int catching(int a) {
        int r = 0;
        try {
            fail(a);
            r = 1;
        } catch (Worse e) {
            r = 2;
        } catch (Bad | NoSuchElementException e) {
            r = 3;
        } catch (ArithmeticException e) {
            r = 4;
        } finally {
            log = log + r;
        }
        return r;
    }
    int finallyWins(int a) {
        try {
            if (a > 0) { return a; }
            fail(a + 4);
        } finally {
            if (a > 2) { return -1; }
            acc = acc + 10;
        }
        return 0;
    }
    int rethrow(int a) {
        try {
            fail(a);
        } catch (RuntimeException e) {
            if (a == 1) { throw e; }
            acc = a;
        }
        return acc;
    }
    int loopTry(int a) {
        int n = 0;
        while (n < 5) {
            try {
                n = n + 1;
                if (n == a) { break; }
                if (n == 2) { continue; }
                fail(n + 2);
            } catch (Bad e) {
                n = n + 10;
            } finally {
                acc = acc + n;
            }
        }
        return n;
    }
    int npe(St s) {
        try {
            return s.next.acc;
        } catch (NullPointerException e) {
            return -2;
        }
    }
    int sw(int a) {
        int r = 0;
        switch (a) {
            case 1: r = 10;
            case 2: r = r + 20; break;
            case 3: case 4: r = 30; break;
            default: r = -1;
            case 5: r = r * 2;
        }
        return r;
    }
    int rules(int a) {
        switch (a) {
            case 0, 1 -> acc = acc + 1;
            case 2 -> { acc = acc * 2; if (acc > 1) { return 9; } }
            case 6 -> throw new Bad(\"six\");
            default -> acc = 0;
        }
        return acc;
    }
    int expr(int a) {
        int v = switch (a) {
            case 1, 2 -> a * 3;
            case 3 -> { int q = a + acc; yield q * 2; }
            case 4 -> throw new NoSuchElementException();
            default -> -a;
        };
        return v + 1;
    }
    int loopSwitch(int a) {
        int n = 0;
        for (int i = 0; i < 4; i++) {
            switch (i) {
                case 1: continue;
                case 2: n += 5; break;
                default: n++;
            }
            if (n > a) { break; }
        }
        return n;
    }
    int mood(Mood m) {
        switch (m) {
            case LOW: return 1;
            case HIGH: acc = 5;
            default: return acc;
        }
    }
    int moodExpr(Mood m) {
        return switch (m) { case LOW -> 0; case MID -> acc; case HIGH -> { acc = 2; yield acc + 1; } };
    }
    int show(int a) {
        System.out.println(\"a=\" + a + \" acc=\" + acc + \" q=\" + (a / (acc == 0 ? 1 : acc)));
        System.err.print(a > 3);
        System.out.println();
        if (a == 2) { System.out.println(next.acc + 1); }
        return a;
    }
    int chain(int a) {
        int x, y;
        x = y = a + 1;
        St s = this;
        int n = 0;
        while ((s = s.next) != null && n < 50) { n += s.acc; }
        acc = x + (y += 2) + n;
        return acc++ + ++log + (log = a) * 2;
    }
    int nested(int a) {
        try {
            try {
                fail(a);
            } finally {
                acc = acc + 1;
            }
        } catch (IllegalArgumentException e) {
            return 7;
        }
        return acc;
    }
}
",
    ),
];

/// The methods of `St` taking `(int a)`.
pub const INT_METHODS: &[&str] = &[
    "show",
    "check",
    "fail",
    "catching",
    "finallyWins",
    "rethrow",
    "loopTry",
    "nested",
    "chain",
    "sw",
    "rules",
    "expr",
    "loopSwitch",
    "viaInstance",
];

/// The methods of `St` taking `(Mood m)`.
pub const MOOD_METHODS: &[&str] = &["mood", "moodExpr"];

/// The input of a `Mood` method on `m` (`null` or a constant's name).
pub fn mood_json(m: &str, seed: i32) -> String {
    let arg = if m == "null" {
        "null".to_string()
    } else {
        format!(r#""st.Mood.{m}""#)
    };
    format!(
        r#"{{"this":"S0","args":{{"m":{arg}}},"objects":{{"S0":{{"class":"st.St","acc":{seed}}}}}}}"#
    )
}

/// The values a `Mood` argument takes.
pub const MOODS: &[&str] = &["null", "LOW", "MID", "HIGH"];

/// The values `a` (and `b`) take.
pub const VALUES: &[i32] = &[-1, 0, 1, 2, 3, 4, 5, 6, 100];

/// The input of `St.method(a)` (`grid` also gets `b`) on a receiver `S0` with `acc = seed`.
pub fn input_json(method: &str, a: i32, b: i32, seed: i32) -> String {
    let args = if method == "grid" {
        format!(r#""a":{a},"b":{b}"#)
    } else {
        format!(r#""a":{a}"#)
    };
    format!(
        r#"{{"this":"S0","args":{{{args}}},"statics":{{"st.St.log":{seed}}},"objects":{{"S0":{{"class":"st.St","acc":{seed}}}}}}}"#
    )
}

/// Inputs of `St.npe(s)`: null, a lone object, and one with a next.
pub const NPE_INPUTS: &[&str] = &[
    r#"{"this":"S0","args":{"s":null},"objects":{"S0":{"class":"st.St"}}}"#,
    r#"{"this":"S0","args":{"s":"S0"},"objects":{"S0":{"class":"st.St","acc":3}}}"#,
    r#"{"this":"S0","args":{"s":"S0"},"objects":{"S0":{"class":"st.St","acc":3,"next":"S1"},"S1":{"class":"st.St","acc":9}}}"#,
];
