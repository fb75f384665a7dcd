//! Recursive-descent parser: spec files and annotation strings to the surface syntax.

use crate::ast::{BinOp, CmpOp, Node, NodeKind, Param, Quant, Rel, RelKind, Span, UnOp};
use crate::lexer::{lex, PosMap, Tok, Token};
use crate::spec::{Constraint, EnsuresItem, MethodSpec, Pred, Spec};
use sattar_diag::Diagnostic;

type PResult<T> = Result<T, Diagnostic>;

const RESERVED: [&str; 23] = [
    "spec",
    "invariant",
    "pred",
    "method",
    "requires",
    "ensures",
    "all",
    "some",
    "no",
    "one",
    "lone",
    "in",
    "this",
    "null",
    "result",
    "true",
    "false",
    "else",
    "and",
    "or",
    "not",
    "implies",
    "iff",
];

/// The deepest nesting the parser accepts (keeps the stack bounded on hostile input).
const MAX_DEPTH: u32 = 100;

/// Whether `word` is a keyword of the spec language (not usable as a name).
pub fn is_reserved(word: &str) -> bool {
    RESERVED.contains(&word)
}

pub(crate) struct Parser {
    toks: Vec<Token>,
    i: usize,
    map: PosMap,
    depth: u32,
}

impl Parser {
    pub fn new(map: PosMap) -> PResult<Self> {
        let toks = lex(&map)?;
        Ok(Parser {
            toks,
            i: 0,
            map,
            depth: 0,
        })
    }

    fn peek_at(&self, k: usize) -> &Tok {
        let last = self.toks.len() - 1;
        &self.toks[(self.i + k).min(last)].tok
    }

    fn peek(&self) -> &Tok {
        self.peek_at(0)
    }

    fn cur(&self) -> &Token {
        &self.toks[self.i.min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.cur().clone();
        if self.i < self.toks.len() - 1 {
            self.i += 1;
        }
        t
    }

    fn start(&self) -> usize {
        self.cur().start
    }

    fn span_from(&self, start: usize) -> Span {
        let end = if self.i == 0 {
            start
        } else {
            self.toks[self.i - 1].end
        };
        self.map.span(start, end)
    }

    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(x) if *x == s)
    }

    fn is_kw(&self, k: &str) -> bool {
        matches!(self.peek(), Tok::Ident(x) if x == k)
    }

    fn eat_sym(&mut self, s: &str) -> bool {
        let hit = self.is_sym(s);
        if hit {
            self.bump();
        }
        hit
    }

    fn eat_kw(&mut self, k: &str) -> bool {
        let hit = self.is_kw(k);
        if hit {
            self.bump();
        }
        hit
    }

    fn unexpected<T>(&self, what: &str) -> PResult<T> {
        let t = self.cur();
        Err(t.span.diag(
            "syntax error",
            format!("expected {what}, found {}", t.tok.describe()),
        ))
    }

    fn expect_sym(&mut self, s: &str) -> PResult<Token> {
        if self.is_sym(s) {
            Ok(self.bump())
        } else {
            self.unexpected(&format!("`{s}`"))
        }
    }

    fn expect_kw(&mut self, k: &str) -> PResult<Token> {
        if self.is_kw(k) {
            Ok(self.bump())
        } else {
            self.unexpected(&format!("`{k}`"))
        }
    }

    /// A name that is not a keyword.
    fn name(&mut self, what: &str) -> PResult<(String, Span)> {
        match self.peek().clone() {
            Tok::Ident(s) if !is_reserved(&s) => {
                let t = self.bump();
                Ok((s, t.span))
            }
            _ => self.unexpected(what),
        }
    }

    /// `Name ('.' Name)*`
    fn qual_name(&mut self, what: &str) -> PResult<(String, Span)> {
        let start = self.start();
        let (mut s, _) = self.name(what)?;
        while self.is_sym(".") && matches!(self.peek_at(1), Tok::Ident(_)) {
            self.bump();
            let (part, _) = self.name(what)?;
            s = format!("{s}.{part}");
        }
        Ok((s, self.span_from(start)))
    }

    pub fn expect_eof(&mut self) -> PResult<()> {
        if matches!(self.peek(), Tok::Eof) {
            Ok(())
        } else {
            self.unexpected("the end of the text")
        }
    }

    // ---- spec files -------------------------------------------------------------------------

    pub fn spec(&mut self) -> PResult<Spec> {
        let mut spec = Spec::default();
        self.expect_kw("spec")?;
        spec.class = Some(self.qual_name("a class name")?);
        self.expect_sym("{")?;
        while !self.eat_sym("}") {
            self.item(&mut spec)?;
        }
        self.expect_eof()?;
        spec.validate()?;
        Ok(spec)
    }

    fn item(&mut self, spec: &mut Spec) -> PResult<()> {
        if self.eat_kw("invariant") {
            let c = self.constraint()?;
            spec.invariants.push(c);
        } else if self.eat_kw("pred") {
            let (name, span) = self.name("a predicate name")?;
            let params = self.params()?;
            self.expect_sym("{")?;
            let mut body = Vec::new();
            while !self.eat_sym("}") {
                body.push(self.formula()?);
            }
            spec.preds.push(Pred {
                name,
                span,
                params,
                body,
            });
        } else if self.eat_kw("method") {
            let m = self.method()?;
            spec.add_method(m)?;
        } else {
            return self.unexpected("`invariant`, `pred`, `method` or `}`");
        }
        Ok(())
    }

    fn method(&mut self) -> PResult<MethodSpec> {
        let (name, span) = self.name("a method name")?;
        let params = self.params()?;
        let mut m = MethodSpec::new(name, span);
        m.params = Some(params);
        self.expect_sym("{")?;
        while !self.eat_sym("}") {
            if self.eat_kw("requires") {
                m.requires.push(self.constraint()?);
            } else if self.eat_kw("ensures") {
                self.ensures(&mut m)?;
            } else {
                return self.unexpected("`requires`, `ensures` or `}`");
            }
        }
        Ok(m)
    }

    fn ensures(&mut self, m: &mut MethodSpec) -> PResult<()> {
        if matches!(self.peek_at(1), Tok::Sym("{")) {
            let set = self.name("an ensures-set name")?;
            self.expect_sym("{")?;
            while !self.eat_sym("}") {
                let item = if self.is_kw("invariant") {
                    EnsuresItem::Invariants(self.bump().span)
                } else {
                    EnsuresItem::Formula(self.constraint()?)
                };
                m.ensures.push((Some(set.clone()), item));
            }
        } else {
            let c = self.constraint()?;
            m.ensures.push((None, EnsuresItem::Formula(c)));
        }
        Ok(())
    }

    /// `NAME ':' formula`
    pub fn constraint(&mut self) -> PResult<Constraint> {
        let (name, name_span) = self.name("a constraint name")?;
        self.expect_sym(":")?;
        let body = self.formula()?;
        Ok(Constraint {
            name,
            name_span,
            body,
        })
    }

    /// Annotation text: `[SET '/'] (NAME ':' formula | 'invariant')`.
    pub fn annotation(
        &mut self,
        allow_set: bool,
    ) -> PResult<(Option<(String, Span)>, EnsuresItem)> {
        let mut set = None;
        if allow_set && matches!(self.peek_at(1), Tok::Sym("/")) {
            set = Some(self.name("an ensures-set name")?);
            self.bump();
            if self.is_kw("invariant") {
                let span = self.bump().span;
                self.expect_eof()?;
                return Ok((set, EnsuresItem::Invariants(span)));
            }
        }
        let c = self.constraint()?;
        self.expect_eof()?;
        Ok((set, EnsuresItem::Formula(c)))
    }

    fn params(&mut self) -> PResult<Vec<Param>> {
        self.expect_sym("(")?;
        let mut params = Vec::new();
        if self.eat_sym(")") {
            return Ok(params);
        }
        loop {
            let (name, span) = self.name("a parameter name")?;
            self.expect_sym(":")?;
            let (mut ty, _) = self.qual_name("a type (`int`, `boolean` or a class name)")?;
            // An array type as Java writes it: `int[]`, `Node[][]`.
            while self.eat_sym("[") {
                self.expect_sym("]")?;
                ty.push_str("[]");
            }
            params.push(Param { name, ty, span });
            if self.eat_sym(")") {
                return Ok(params);
            }
            self.expect_sym(",")?;
        }
    }

    // ---- formulas and expressions -----------------------------------------------------------

    /// A formula (or expression): the lowest precedence level.
    pub fn formula(&mut self) -> PResult<Node> {
        self.nested(Self::or)
    }

    fn binary_level(
        &mut self,
        ops: &[(&str, BinOp)],
        next: fn(&mut Self) -> PResult<Node>,
    ) -> PResult<Node> {
        let start = self.start();
        let mut lhs = next(self)?;
        let outer = self.depth;
        let r = self.binary_ops(ops, next, start, &mut lhs);
        self.depth = outer;
        r.map(|()| lhs)
    }

    /// Applies the operators of one level left to right; each counts as one nesting level.
    fn binary_ops(
        &mut self,
        ops: &[(&str, BinOp)],
        next: fn(&mut Self) -> PResult<Node>,
        start: usize,
        lhs: &mut Node,
    ) -> PResult<()> {
        'outer: loop {
            for (text, op) in ops {
                let hit = if text.chars().all(|c| c.is_ascii_alphabetic()) {
                    self.eat_kw(text)
                } else {
                    self.eat_sym(text)
                };
                if hit {
                    self.deeper()?;
                    let rhs = next(self)?;
                    let l = std::mem::replace(lhs, self.node(start, NodeKind::Bool(true)));
                    *lhs = self.node(start, NodeKind::Binary(*op, Box::new(l), Box::new(rhs)));
                    continue 'outer;
                }
            }
            return Ok(());
        }
    }

    /// One more level of nesting, or an error past [`MAX_DEPTH`].
    fn deeper(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self
                .cur()
                .span
                .diag("syntax error", "formula nested too deeply")
                .with_help(format!(
                    "at most {MAX_DEPTH} levels of nesting are supported"
                )));
        }
        Ok(())
    }

    fn node(&self, start: usize, kind: NodeKind) -> Node {
        Node {
            kind,
            span: self.span_from(start),
        }
    }

    fn or(&mut self) -> PResult<Node> {
        self.binary_level(&[("||", BinOp::Or), ("or", BinOp::Or)], Self::iff)
    }

    fn iff(&mut self) -> PResult<Node> {
        self.binary_level(&[("<=>", BinOp::Iff), ("iff", BinOp::Iff)], Self::implies)
    }

    fn implies(&mut self) -> PResult<Node> {
        let start = self.start();
        let lhs = self.and()?;
        if !(self.eat_sym("=>") || self.eat_kw("implies")) {
            return Ok(lhs);
        }
        let then = self.implies()?;
        let other = if self.eat_kw("else") {
            Some(Box::new(self.implies()?))
        } else {
            None
        };
        Ok(self.node(
            start,
            NodeKind::Implies(Box::new(lhs), Box::new(then), other),
        ))
    }

    fn and(&mut self) -> PResult<Node> {
        self.binary_level(
            &[("&&", BinOp::And), ("and", BinOp::And)],
            Self::unary_formula,
        )
    }

    fn quant_kw(&self) -> Option<Quant> {
        match self.peek() {
            Tok::Ident(s) => match s.as_str() {
                "all" => Some(Quant::All),
                "some" => Some(Quant::Some),
                "no" => Some(Quant::No),
                "one" => Some(Quant::One),
                "lone" => Some(Quant::Lone),
                _ => None,
            },
            _ => None,
        }
    }

    fn unary_formula(&mut self) -> PResult<Node> {
        let start = self.start();
        if self.eat_sym("!") || self.eat_kw("not") {
            let inner = self.nested(Self::unary_formula)?;
            return Ok(self.node(start, NodeKind::Unary(UnOp::Not, Box::new(inner))));
        }
        if let Some(q) = self.quant_kw() {
            let is_quant = matches!(self.peek_at(1), Tok::Ident(s) if !is_reserved(s))
                && matches!(self.peek_at(2), Tok::Sym(",") | Tok::Sym(":"));
            if is_quant || q == Quant::All {
                return self.quantifier(q, start);
            }
        }
        self.comparison()
    }

    fn nested(&mut self, f: fn(&mut Self) -> PResult<Node>) -> PResult<Node> {
        let outer = self.depth;
        // Each level costs a dozen frames: the stack grows rather than overflows before the
        // depth limit is reached.
        let r = self
            .deeper()
            .and_then(|()| stacker::maybe_grow(64 * 1024, 1024 * 1024, || f(self)));
        self.depth = outer;
        r
    }

    fn quantifier(&mut self, q: Quant, start: usize) -> PResult<Node> {
        self.bump();
        let mut vars = vec![self.name("a variable name")?];
        while self.eat_sym(",") {
            vars.push(self.name("a variable name")?);
        }
        self.expect_sym(":")?;
        let bound = self.range()?;
        self.expect_sym("|")?;
        let body = self.formula()?;
        Ok(self.node(
            start,
            NodeKind::Quant(q, vars, Box::new(bound), Box::new(body)),
        ))
    }

    fn cmp_op(&mut self) -> Option<CmpOp> {
        let op = match self.peek() {
            Tok::Ident(s) if s == "in" => CmpOp::In,
            Tok::Sym("!") if matches!(self.peek_at(1), Tok::Ident(s) if s == "in") => {
                self.bump();
                CmpOp::NotIn
            }
            Tok::Sym("=") => CmpOp::Eq,
            Tok::Sym("!=") => CmpOp::Ne,
            Tok::Sym("<") => CmpOp::Lt,
            Tok::Sym("<=") => CmpOp::Le,
            Tok::Sym(">") => CmpOp::Gt,
            Tok::Sym(">=") => CmpOp::Ge,
            _ => return None,
        };
        self.bump();
        Some(op)
    }

    fn comparison(&mut self) -> PResult<Node> {
        let start = self.start();
        if let Some(q) = self.quant_kw() {
            self.bump();
            let e = self.range()?;
            return Ok(self.node(start, NodeKind::Mult(q, Box::new(e))));
        }
        let lhs = self.range()?;
        match self.cmp_op() {
            Some(op) => {
                let rhs = self.range()?;
                Ok(self.node(
                    start,
                    NodeKind::Binary(BinOp::Cmp(op), Box::new(lhs), Box::new(rhs)),
                ))
            }
            None => Ok(lhs),
        }
    }

    /// `lo .. hi` (looser than `+`/`-`), or an expression.
    fn range(&mut self) -> PResult<Node> {
        let start = self.start();
        let lo = self.union()?;
        if !self.eat_sym("..") {
            return Ok(lo);
        }
        let hi = self.union()?;
        Ok(self.node(start, NodeKind::Range(Box::new(lo), Box::new(hi))))
    }

    fn union(&mut self) -> PResult<Node> {
        self.binary_level(&[("+", BinOp::Plus), ("-", BinOp::Minus)], Self::product)
    }

    /// `a * b` (binds tighter than `+`/`-`); `/` and `%` are refused with what to write.
    fn product(&mut self) -> PResult<Node> {
        let lhs = self.binary_level(&[("*", BinOp::Times)], Self::inter)?;
        if self.is_sym("/") || self.is_sym("%") {
            return Err(self
                .cur()
                .span
                .diag("syntax error", "`/` and `%` are not in the spec language")
                .with_help(
                    "state a quotient or remainder by multiplication: `q * d + r = x && r >= 0 && r < d`",
                ));
        }
        Ok(lhs)
    }

    fn inter(&mut self) -> PResult<Node> {
        self.binary_level(&[("&", BinOp::Amp)], Self::prefix)
    }

    fn prefix(&mut self) -> PResult<Node> {
        let start = self.start();
        let op = if self.eat_sym("#") {
            UnOp::Card
        } else if self.eat_sym("-") {
            UnOp::Neg
        } else {
            return self.postfix();
        };
        let inner = self.nested(Self::prefix)?;
        Ok(self.node(start, NodeKind::Unary(op, Box::new(inner))))
    }

    fn postfix(&mut self) -> PResult<Node> {
        let start = self.start();
        let mut e = self.atom()?;
        let outer = self.depth;
        let r = self.postfix_ops(start, &mut e);
        self.depth = outer;
        r.map(|()| e)
    }

    /// Joins and primes after an atom; each counts as one nesting level.
    fn postfix_ops(&mut self, start: usize, e: &mut Node) -> PResult<()> {
        loop {
            if self.is_sym(".") || self.is_sym("'") || self.is_sym("[") {
                self.deeper()?;
            }
            let old = || NodeKind::Bool(true);
            if self.is_sym("[") && matches!(self.peek_at(1), Tok::Sym("]")) {
                self.bump();
                self.bump();
                let l = std::mem::replace(e, self.node(start, old()));
                *e = self.node(start, NodeKind::ArrayClass(Box::new(l)));
            } else if self.eat_sym("[") {
                let index = self.nested(Self::union)?;
                self.expect_sym("]")?;
                let l = std::mem::replace(e, self.node(start, old()));
                *e = self.node(start, NodeKind::Index(Box::new(l), Box::new(index)));
            } else if self.eat_sym(".") {
                let r = self.nested_rel(Self::rel_unary)?;
                let l = std::mem::replace(e, self.node(start, old()));
                *e = self.node(start, NodeKind::Join(Box::new(l), r));
            } else if self.eat_sym("'") {
                let l = std::mem::replace(e, self.node(start, old()));
                *e = self.node(start, NodeKind::Prime(Box::new(l)));
            } else {
                return Ok(());
            }
        }
    }

    fn atom(&mut self) -> PResult<Node> {
        let start = self.start();
        let tok = self.peek().clone();
        let kind = match tok {
            Tok::Sym("(") => {
                self.bump();
                let inner = self.formula()?;
                self.expect_sym(")")?;
                return Ok(Node {
                    kind: inner.kind,
                    span: self.span_from(start),
                });
            }
            Tok::Int(v) => NodeKind::Int(v),
            Tok::Ident(s) => match s.as_str() {
                "this" => NodeKind::This,
                "null" => NodeKind::Null,
                "result" => NodeKind::Result,
                "true" => NodeKind::Bool(true),
                "false" => NodeKind::Bool(false),
                w if is_reserved(w) => return self.unexpected("an expression"),
                _ if matches!(self.peek_at(1), Tok::Sym("(")) => return self.call(start, s),
                _ => NodeKind::Name(s),
            },
            _ => return self.unexpected("an expression"),
        };
        self.bump();
        Ok(self.node(start, kind))
    }

    fn call(&mut self, start: usize, name: String) -> PResult<Node> {
        self.bump();
        self.bump();
        let mut args = Vec::new();
        if !self.eat_sym(")") {
            loop {
                args.push(self.formula()?);
                if self.eat_sym(")") {
                    break;
                }
                self.expect_sym(",")?;
            }
        }
        Ok(self.node(start, NodeKind::Call(name, args)))
    }

    fn nested_rel(&mut self, f: fn(&mut Self) -> PResult<Rel>) -> PResult<Rel> {
        let outer = self.depth;
        let r = self
            .deeper()
            .and_then(|()| stacker::maybe_grow(64 * 1024, 1024 * 1024, || f(self)));
        self.depth = outer;
        r
    }

    fn rel_node(&self, start: usize, kind: RelKind) -> Rel {
        Rel {
            kind,
            span: self.span_from(start),
        }
    }

    /// After `.`: `~r`, `*r`, `^r`, `(r + s)`, or a field, each optionally primed.
    fn rel_unary(&mut self) -> PResult<Rel> {
        let start = self.start();
        let mut r = if self.eat_sym("~") {
            let inner = self.nested_rel(Self::rel_unary)?;
            self.rel_node(start, RelKind::Transpose(Box::new(inner)))
        } else if self.is_sym("*") || self.is_sym("^") {
            let reflexive = self.is_sym("*");
            self.bump();
            let inner = self.nested_rel(Self::rel_unary)?;
            self.rel_node(start, RelKind::Closure(reflexive, Box::new(inner)))
        } else if self.eat_sym("(") {
            let inner = self.nested_rel(Self::rel_union)?;
            self.expect_sym(")")?;
            Rel {
                kind: inner.kind,
                span: self.span_from(start),
            }
        } else {
            let (name, span) = self.name("a field name, `*`, `^`, `~` or `(`")?;
            Rel {
                kind: RelKind::Field(name),
                span,
            }
        };
        let outer = self.depth;
        while self.is_sym("'") {
            if let Err(e) = self.deeper() {
                self.depth = outer;
                return Err(e);
            }
            self.bump();
            r = self.rel_node(start, RelKind::Prime(Box::new(r)));
        }
        self.depth = outer;
        Ok(r)
    }

    fn rel_union(&mut self) -> PResult<Rel> {
        let start = self.start();
        let mut r = self.rel_unary()?;
        let outer = self.depth;
        while self.eat_sym("+") {
            let rhs = self.deeper().and_then(|()| self.rel_unary());
            let rhs = match rhs {
                Ok(rhs) => rhs,
                Err(e) => {
                    self.depth = outer;
                    return Err(e);
                }
            };
            r = self.rel_node(start, RelKind::Union(Box::new(r), Box::new(rhs)));
        }
        self.depth = outer;
        Ok(r)
    }
}
