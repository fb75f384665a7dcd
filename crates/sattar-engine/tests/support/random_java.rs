//! Random Java programs over the class structure of real Java (shared by the engines'
//! differential tests): an interface with a default method, an abstract class with a constructor
//! and a static counter, subclasses that override and call `super`, field initializers, virtual
//! calls, casts and `instanceof` patterns; method bodies drawn from a small grammar with a seeded
//! generator, always accepted by javac. `inputs` builds inputs of `Main.run` over every class.
#![allow(dead_code)]

use sattar_heap::{input_from_json, TestInput};
use sattar_java::{MethodId, Program};
use sattar_jdk::SourceText;

/// SplitMix64: the seeded source of every choice (reference values in sattar-engine's rng tests).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A generator of random statements and expressions with a seeded source of choices.
pub struct Gen {
    rng: Rng,
    locals: Vec<String>,
    next: usize,
}

impl Gen {
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.rng.below(xs.len())]
    }

    fn chance(&mut self, n: usize) -> bool {
        self.rng.below(n) == 0
    }

    /// An int expression of depth at most `d` over `k`, `acc`, the locals and the fields.
    fn int(&mut self, d: u32) -> String {
        let leaf = d == 0 || self.chance(3);
        if leaf {
            let mut options: Vec<String> = vec![
                "k".into(),
                "acc".into(),
                format!("{}", self.rng.below(7) as i32 - 3),
                "(int) big".into(),
                "ch".into(),
                "(box == null ? 0 : box)".into(),
            ];
            options.extend(self.locals.iter().cloned());
            return options[self.rng.below(options.len())].clone();
        }
        match self.rng.below(12) {
            7 => format!("({} / {})", self.int(d - 1), self.int(d - 1)),
            8 => format!("({} % {})", self.int(d - 1), self.int(d - 1)),
            9 => format!(
                "({} {} {})",
                self.int(d - 1),
                self.pick(&["<<", ">>", ">>>", "&", "|", "^"]),
                self.int(d - 1)
            ),
            10 => format!(
                "(int) ((big {} {}) % 1000)",
                self.pick(&["*", ">>>", "+"]),
                self.int(d - 1)
            ),
            11 => format!("(char) ({})", self.int(d - 1)),
            0 => format!("({} + {})", self.int(d - 1), self.int(d - 1)),
            1 => format!("({} - {})", self.int(d - 1), self.int(d - 1)),
            2 => format!("({} * {})", self.int(d - 1), self.int(d - 1)),
            3 => format!(
                "({} ? {} : {})",
                self.cond(d - 1),
                self.int(d - 1),
                self.int(d - 1)
            ),
            4 => "(b != null ? b.w : 0)".into(),
            5 => "Base.made".into(),
            _ => format!("(s == null ? 1 : s.area({}))", self.int(d - 1)),
        }
    }

    /// A boolean expression of depth at most `d`.
    fn cond(&mut self, d: u32) -> String {
        if d == 0 || self.chance(3) {
            let ops = ["<", "<=", ">", ">=", "==", "!="];
            let op = self.pick(&ops);
            let (a, b) = (self.int(0), self.int(0));
            return format!("{a} {op} {b}");
        }
        match self.rng.below(9) {
            6 => format!("box == {}", self.pick(&["null", "box2"])),
            7 => format!("(box != null && box.equals({}))", self.int(d - 1)),
            8 => format!("big < {}L", self.rng.below(7) as i64 - 3),
            0 => format!("({} && {})", self.cond(d - 1), self.cond(d - 1)),
            1 => format!("({} || {})", self.cond(d - 1), self.cond(d - 1)),
            2 => format!("!({})", self.cond(d - 1)),
            3 => format!(
                "o instanceof {}",
                self.pick(&["Sq", "Rect", "Tri", "Base", "Shape"])
            ),
            4 => format!("(s != null && s.big({}))", self.int(d - 1)),
            _ => "b == o".into(),
        }
    }

    /// A block of statements of nesting depth at most `d`.
    fn block(&mut self, d: u32, n: usize) -> String {
        let scope = self.locals.len();
        let body: Vec<String> = (0..n).map(|_| self.stmt(d)).collect();
        self.locals.truncate(scope);
        body.join(" ")
    }

    fn stmt(&mut self, d: u32) -> String {
        let compound = d > 0 && self.chance(3);
        if compound {
            return match self.rng.below(4) {
                0 => format!(
                    "if ({}) {{ {} }} else {{ {} }}",
                    self.cond(1),
                    self.block(d - 1, 2),
                    self.block(d - 1, 1)
                ),
                1 => {
                    let i = self.fresh("i");
                    let bound = self.rng.below(4);
                    let head = format!("for (int {i} = 0; {i} < {bound}; {i}++)");
                    self.locals.push(i);
                    let body = self.block(d - 1, 2);
                    self.locals.pop();
                    format!("{head} {{ {body} }}")
                }
                2 => {
                    // A fresh name: a nested pattern may not redeclare an enclosing one's.
                    let q = self.fresh("q");
                    let body = self.block(d - 1, 1);
                    format!("if (o instanceof Sq {q}) {{ acc = acc + {q}.side; {body} }}")
                }
                _ => format!(
                    "while (acc > {} && acc < 30) {{ acc = acc - 2; {} }}",
                    self.rng.below(5) as i32 - 2,
                    self.block(d - 1, 1)
                ),
            };
        }
        match self.rng.below(15) {
            9 => format!("big = big * {} + {};", self.rng.below(5) + 2, self.int(1)),
            10 => format!("ch += {};", self.int(1)),
            11 => self
                .pick(&["ch++;", "big--;", "box++;", "acc <<= 33;"])
                .into(),
            12 => format!("box = {};", self.int(1)),
            13 => format!("box2 = {};", self.pick(&["box", "acc", "null", "128"])),
            14 => format!(
                "big {}= {};",
                self.pick(&["+", "^", ">>", "/"]),
                self.int(1)
            ),
            0 => {
                let v = self.fresh("v");
                let e = self.int(2);
                self.locals.push(v.clone());
                format!("int {v} = {e};")
            }
            1 => format!("acc = {};", self.int(2)),
            2 => format!("acc += {};", self.int(1)),
            3 => format!("b = new {}();", self.pick(&["Sq", "Rect", "Tri"])),
            4 => format!(
                "s = {};",
                self.pick(&["b", "null", "new Tri()", "(Shape) o"])
            ),
            5 => "Base.made = Base.made + 1;".into(),
            6 => format!("o = {};", self.pick(&["b", "s", "null", "this"])),
            7 => format!("if (b != null) {{ b.w = {}; }}", self.int(1)),
            _ => format!("acc = acc + ((Sq) o).{};", self.pick(&["side", "w"])),
        }
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }
}

/// A random program: the fixed class structure with random method bodies, `Main.run` analysed.
pub fn program(seed: u64) -> Vec<SourceText> {
    let mut g = Gen {
        rng: Rng::new(seed),
        locals: Vec::new(),
        next: 0,
    };
    let sq_area = g.pick(&[
        "return side * k;",
        "return side + w;",
        "if (k > side) { return k; } return side;",
    ]);
    let rect_area = g.pick(&[
        "return super.area(k) + h;",
        "return h * 2;",
        "return h - super.area(k);",
    ]);
    let tri_area = g.pick(&[
        "return k;",
        "return flag ? w : -w;",
        "if (flag) { return 3; } return w + k;",
    ]);
    let twice = g.pick(&["return w + w;", "return 2 * w + 1;"]);
    let run_body = g.block(2, 4);
    let ret = g.int(2);
    let files = [
        ("rnd/Shape.java", "package rnd;\npublic interface Shape {\n    int area(int k);\n    default boolean big(int k) { return area(k) > 3; }\n}\n".to_string()),
        ("rnd/Base.java", format!("package rnd;\npublic abstract class Base implements Shape {{\n    static int made;\n    int w;\n    Base() {{ made = made + 1; }}\n    abstract int twice();\n    int describe() {{ {twice} }}\n}}\n")),
        ("rnd/Sq.java", format!("package rnd;\npublic class Sq extends Base {{\n    int side = 2;\n    public int area(int k) {{ {sq_area} }}\n    int twice() {{ return side * 2; }}\n}}\n")),
        ("rnd/Rect.java", format!("package rnd;\npublic class Rect extends Sq {{\n    int h;\n    public int area(int k) {{ {rect_area} }}\n}}\n")),
        ("rnd/Tri.java", format!("package rnd;\npublic class Tri extends Base {{\n    boolean flag;\n    public int area(int k) {{ {tri_area} }}\n    int twice() {{ return w; }}\n}}\n")),
        ("rnd/Main.java", format!("package rnd;\npublic class Main {{\n    Shape s;\n    Base b;\n    Object o;\n    int acc;\n    long big;\n    char ch;\n    Integer box;\n    Integer box2;\n    int run(int k) {{\n        {run_body}\n        return {ret};\n    }}\n}}\n")),
    ];
    files
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.clone(),
        })
        .collect()
}

/// Inputs of `Main.run`: each of the shape fields null or an object of each class, with small ints.
pub fn inputs(p: &Program, m: MethodId, seed: u64, n: usize) -> Vec<TestInput> {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let shapes = ["null", "\"S\"", "\"R\"", "\"T\""];
    (0..n)
        .map(|_| {
            let mut pick = |xs: &[&str]| xs[rng.below(xs.len())].to_string();
            let (s, b, o) = (
                pick(&shapes),
                pick(&shapes),
                pick(&["null", "\"S\"", "\"R\"", "\"T\"", "\"M\""]),
            );
            let (k, acc, made) = (
                pick(&["-1", "0", "2"]),
                pick(&["0", "1", "-2", "3"]),
                pick(&["0", "4"]),
            );
            let (big, ch, bx) = (
                pick(&["0", "-1", "9223372036854775807", "4294967296"]),
                pick(&["0", "97", "65535"]),
                pick(&["null", "5", "200"]),
            );
            let (w, side, h, flag) = (
                pick(&["0", "1"]),
                pick(&["2", "-1"]),
                pick(&["0", "3"]),
                pick(&["true", "false"]),
            );
            let json = format!(
                r#"{{"this":"M","args":{{"k":{k}}},"statics":{{"Base.made":{made}}},"objects":{{
                "M":{{"class":"Main","s":{s},"b":{b},"o":{o},"acc":{acc},"big":{big},"ch":{ch},"box":{bx},"box2":{bx}}},
                "S":{{"class":"Sq","w":{w},"side":{side}}},
                "R":{{"class":"Rect","w":{w},"side":{side},"h":{h}}},
                "T":{{"class":"Tri","w":{w},"flag":{flag}}}}}}}"#
            );
            input_from_json(&json, "random.json", &p.schema(), &p.sig(m))
                .unwrap_or_else(|e| panic!("{e}\n{json}"))
                .0
        })
        .collect()
}
