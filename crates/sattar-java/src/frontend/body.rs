//! Lowering statements into the core IR. Statement ids follow the source (pre-order over the
//! whole file); every core node carries the id of the source statement it came from.
//!
//! The lowering rules (one place for each surface form):
//! - `while (c) B` → `Loop L { head: Enter; c; Branch t; if (!t) break L; body: B }`
//! - `do B while (c);` → `Cover; Loop L { body: B; Enter; c; Branch t; if (!t) break L }`
//! - `for (I; c; U) B` → `I; Loop L { head: Enter; c; Branch t; if (!t) break L; body: B; U }`
//! - `continue` → `break C` out of a `Labeled C` around the loop's own body
//! - `x op= e`, `x++` → `t₁ = x; t₂ = e; t₃ = t₁ op t₂; x = t₃` (fields: read after the null check)
//! - `o.f = e` → `t₁ = o; t₂ = e; NullCheck t₁; t₁.f = t₂` (JLS 15.26.1: the check comes last)

use super::decls::{value_type, Decls, Header};
use super::stmts::{declaration_group, number};
use super::{pretty, Cx};
use crate::ir::*;
use sattar_diag::{Diagnostic, LineIndex};
use sattar_jdk::tree::MethodRef;
use std::collections::{BTreeMap, HashMap};

pub(super) type R<T> = Result<T, Diagnostic>;

/// The labels of the loop being lowered: where `break` and `continue` go.
struct LoopLabels {
    brk: Label,
    cont: Label,
    cont_used: bool,
    /// The statement's label (`outer:`), if it has one.
    name: Option<String>,
    /// What `break` and `continue` without a label do with it.
    kind: JumpTarget,
}

/// What a statement is to `break` and `continue`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JumpTarget {
    /// A loop: both target it.
    Loop,
    /// A `switch`: `break` targets it, `continue` the loop around it.
    Switch,
    /// Another labelled statement: only `break label` leaves it.
    Labelled,
}

/// The state of lowering one method body.
pub(super) struct Lower<'a, 'c> {
    pub cx: &'a Cx<'c>,
    pub decls: &'a Decls,
    pub header: &'a Header,
    pub vars: Vec<Var>,
    /// javac's VARIABLE node of each parameter and local → its variable.
    pub locals: HashMap<usize, VarId>,
    /// Temporaries whose value's erased type (what the JVM knows) is wider than javac's type of
    /// the expression: erasure left a cast to make where the value is used.
    pub runtime: HashMap<VarId, Type>,
    /// The statement whose nodes are being made.
    pub stmt: StmtId,
    next_label: u32,
    loops: Vec<LoopLabels>,
    /// The label of the loop statement about to be lowered (`outer: while …`).
    pending_label: Option<String>,
    /// The switch expressions being lowered: their value's variable, type and end label.
    pub yields: Vec<(VarId, Type, Label)>,
    /// javac's statement nodes → their statements (numbered before lowering).
    ids: &'a HashMap<usize, StmtId>,
}

/// The statement id of code javac or a library model makes up: it belongs to whichever source
/// statement runs it (it has no `Enter` of its own).
pub const MADE_UP: StmtId = StmtId(0);

/// Lowers every method body of the program; what sattar cannot analyse is kept with its reason.
pub(crate) fn lower_program(cx: &Cx, decls: Decls) -> Program {
    let table = number(cx, &decls);
    let mut methods: Vec<Method> = Vec::new();
    for (i, h) in decls.methods.iter().enumerate() {
        methods.push(lower_method(
            cx,
            &decls,
            h,
            MethodId(i as u32),
            &table.by_node,
        ));
    }
    // Library methods are registered while bodies are lowered (and by models, in turn).
    let mut i = decls.methods.len();
    while i < decls.methods.len() + decls.library.borrow().len() {
        let h = decls.header(MethodId(i as u32));
        methods.push(library_method(&h, MethodId(i as u32)));
        i += 1;
    }
    let files = cx
        .files
        .iter()
        .map(|f| SourceFile {
            path: f.path.clone(),
            text: f.text.clone(),
            lines: LineIndex::new(&f.text),
        })
        .collect();
    let mut classes = decls.classes.clone();
    let object = super::decls::object_class(&mut classes);
    classes.extend(object);
    classes.extend(super::decls::box_classes(&decls));
    classes.extend(super::decls::array_classes(&decls));
    let mut program = Program {
        files,
        classes,
        methods,
        stmts: table.infos,
        dispatch: BTreeMap::new(),
    };
    let overrides: HashMap<MethodId, &[MethodRef]> = decls
        .methods
        .iter()
        .enumerate()
        .map(|(i, h)| (MethodId(i as u32), h.overrides.as_slice()))
        .collect();
    program.dispatch = dispatch_table(&program, &overrides);
    enum_compare_to(&mut program);
    box_dispatch(&mut program);
    program
}

/// `Object.equals`, `Object.hashCode` and `Comparable.compareTo` called on a box run the box's
/// own (the JDK's `Integer.equals`, `Integer.hashCode`, and `compareTo`'s bridge, which casts
/// its argument first).
fn box_dispatch(p: &mut Program) {
    let called: Vec<(MethodId, &'static str)> = p
        .methods
        .iter()
        .filter_map(|m| match (m.class.as_str(), m.name.as_str()) {
            (sattar_heap::OBJECT, "equals") => Some((m.id, "equals")),
            (sattar_heap::OBJECT, "hashCode") => Some((m.id, "hashCode")),
            ("java.lang.Comparable", "compareTo") => Some((m.id, "compareTo")),
            _ => None,
        })
        .collect();
    let boxes: Vec<String> = p
        .classes
        .iter()
        .filter(|c| sattar_heap::BoxClass::named(&c.name).is_some())
        .map(|c| c.name.clone())
        .collect();
    for b in &boxes {
        for (name, ret) in [
            ("equals", Type::Boolean),
            ("compareTo", Type::Int),
            ("hashCode", Type::Int),
        ] {
            let object = sattar_heap::OBJECT.to_string();
            let descriptor = if name == "hashCode" {
                Vec::new()
            } else {
                vec![object.clone()]
            };
            let Some(body) = super::models::model(b, name, &descriptor) else {
                continue;
            };
            let id = MethodId(p.methods.len() as u32);
            p.methods.push(Method {
                id,
                class: b.clone(),
                name: name.into(),
                params: descriptor
                    .iter()
                    .map(|_| Param {
                        name: "o".into(),
                        ty: Type::Class(sattar_heap::OBJECT.into()),
                    })
                    .collect(),
                descriptor,
                kind: MethodKind::Library,
                is_static: false,
                is_private: false,
                ret,
                body,
                unsupported: None,
                file: FileId(0),
                annotations: Vec::new(),
                span: Span::default(),
                body_span: None,
            });
            for &(m, _) in called.iter().filter(|(_, n)| *n == name) {
                p.dispatch.insert((m, b.clone()), id);
            }
        }
    }
}

/// `Comparable.compareTo` on an enum constant runs `Enum.compareTo` (final): modelled per enum
/// class as its bridge and body behave — the argument cast to the enum's class
/// (ClassCastException for another class), dereferenced (NullPointerException for null), and
/// the ordinals subtracted.
fn enum_compare_to(p: &mut Program) {
    let called: Vec<MethodId> = p
        .methods
        .iter()
        .filter(|m| m.class == "java.lang.Comparable" && m.name == "compareTo")
        .map(|m| m.id)
        .collect();
    if called.is_empty() {
        return;
    }
    let enums: Vec<String> = p
        .classes
        .iter()
        .filter(|c| c.kind == ClassKind::Enum)
        .map(|c| c.name.clone())
        .collect();
    for e in enums {
        let id = MethodId(p.methods.len() as u32);
        p.methods.push(enum_compare_to_model(&e, id));
        for &m in &called {
            p.dispatch.insert((m, e.clone()), id);
        }
    }
}

/// `int compareTo(E o) { return this.ordinal - o.ordinal; }` of enum `e`, without statements.
fn enum_compare_to_model(e: &str, id: MethodId) -> Method {
    let var = |name: &str, ty: Type, kind| Var {
        name: name.into(),
        ty,
        kind,
    };
    let vars = vec![
        var("o", Type::Class(e.into()), VarKind::Param),
        var("$t1", Type::Int, VarKind::Temp),
        var("$t2", Type::Int, VarKind::Temp),
        var("$t3", Type::Int, VarKind::Temp),
    ];
    let ordinal = FieldRef {
        class: e.into(),
        name: ORDINAL.into(),
    };
    let o = Operand::Var(VarId(0));
    let node = |kind| Node {
        stmt: MADE_UP,
        kind,
    };
    let read = |obj: Operand| Rvalue::Read {
        obj,
        field: ordinal.clone(),
    };
    let (t1, t2, t3) = (VarId(1), VarId(2), VarId(3));
    let block = vec![
        node(NodeKind::Let {
            var: t1,
            value: read(Operand::This),
        }),
        node(NodeKind::NullCheck(o.clone())),
        node(NodeKind::Let {
            var: t2,
            value: read(o),
        }),
        node(NodeKind::Let {
            var: t3,
            value: Rvalue::Binary(BinOp::Sub, Operand::Var(t1), Operand::Var(t2)),
        }),
        node(NodeKind::Return(Some(Operand::Var(t3)))),
    ];
    Method {
        id,
        class: e.into(),
        name: "compareTo".into(),
        descriptor: vec!["java.lang.Enum".into()],
        kind: MethodKind::Library,
        is_static: false,
        is_private: false,
        params: vec![Param {
            name: "o".into(),
            ty: Type::Class(e.into()),
        }],
        ret: Type::Int,
        body: Body { vars, block },
        unsupported: None,
        file: FileId(0),
        annotations: Vec::new(),
        span: Span::default(),
        body_span: None,
    }
}

fn method_of(h: &Header, id: MethodId, body: Body, unsupported: Option<Diagnostic>) -> Method {
    Method {
        id,
        class: h.class.clone(),
        name: h.name.clone(),
        descriptor: h.erased.clone(),
        kind: h.kind,
        is_static: h.is_static,
        is_private: h.is_private,
        params: h.params.iter().map(|(p, _)| p.clone()).collect(),
        ret: h.ret.clone(),
        body,
        unsupported,
        file: h.file,
        annotations: h.annotations.clone(),
        span: h.span,
        body_span: None,
    }
}

fn lower_method(
    cx: &Cx,
    decls: &Decls,
    h: &Header,
    id: MethodId,
    ids: &HashMap<usize, StmtId>,
) -> Method {
    if h.kind == MethodKind::Abstract {
        return method_of(h, id, Body::default(), h.unsupported.clone());
    }
    let lw = Lower::new(cx, decls, h, ids);
    let lowered = match &h.unsupported {
        Some(d) => Err(d.clone()),
        None => lw.method_body(),
    };
    let mut method = match lowered {
        Ok(body) => method_of(h, id, body, None),
        Err(d) => method_of(h, id, Body::default(), Some(d)),
    };
    method.body_span = h.node.and_then(|n| cx.node(n).body).map(|b| cx.span(b));
    method
}

/// A JDK method the program calls: sattar's model of it as core code, or unsupported.
fn library_method(h: &Header, id: MethodId) -> Method {
    match super::models::model(&h.owner, &h.name, &h.erased) {
        Some(body) => method_of(h, id, body, None),
        None => method_of(h, id, Body::default(), h.unsupported.clone()),
    }
}

/// Every virtual method's implementation for every concrete class that can receive it.
fn dispatch_table(p: &Program, overrides: &Overrides) -> BTreeMap<(MethodId, String), MethodId> {
    let mut table = BTreeMap::new();
    for m in p.methods.iter().filter(|m| m.is_virtual()) {
        for c in &p.classes {
            let concrete = !c.is_abstract && c.kind != ClassKind::Interface && !c.is_exception;
            if !concrete || !p.is_subclass(&c.name, &m.class) {
                continue;
            }
            if let Some(t) = implementation(p, overrides, &c.name, m) {
                table.insert((m.id, c.name.clone()), t);
            }
        }
    }
    table
}

/// The method that runs when `m` is called on an object of class `class`.
fn implementation(p: &Program, overrides: &Overrides, class: &str, m: &Method) -> Option<MethodId> {
    let mut interfaces = Vec::new();
    let mut cur = p.class(class);
    while let Some(c) = cur {
        // As the JVM selects: a superclass's method of the same name and parameters implements
        // an interface's for a subclass that implements the interface (an iterator inheriting
        // hasNext from a base class that does not).
        let selected = |x: &Method| {
            overrides_or_is(p, overrides, x, m)
                || (!x.is_static
                    && !x.is_private
                    && x.name == m.name
                    && x.descriptor == m.descriptor)
        };
        if let Some(x) = p
            .methods
            .iter()
            .find(|x| x.class == c.name && x.kind == MethodKind::Source && selected(x))
        {
            return Some(x.id);
        }
        interfaces.extend(c.interfaces.iter().cloned());
        cur = c.superclass.as_deref().and_then(|s| p.class(s));
    }
    // Default methods of the interfaces, nearest first.
    let mut seen = std::collections::BTreeSet::new();
    while !interfaces.is_empty() {
        let i = interfaces.remove(0);
        if !seen.insert(i.clone()) {
            continue;
        }
        if let Some(x) = p.methods.iter().find(|x| {
            x.class == i && x.kind == MethodKind::Source && overrides_or_is(p, overrides, x, m)
        }) {
            return Some(x.id);
        }
        if let Some(c) = p.class(&i) {
            interfaces.extend(c.interfaces.iter().cloned());
        }
    }
    // A library method sattar models (Object.equals) runs itself; one it does not model (a
    // JDK method its model class does not declare: `ArrayList.trimToSize`) is its own target
    // too, so a call that reaches it is refused with what it is, not run as a missing method.
    // Object's own (`hashCode`, `toString` of identity) stay without a target: a call on
    // `Object` reaches them for every class that does not override them, which would refuse
    // every program hashing its own keys; a run that reaches one throws AbstractMethodError.
    let modelled_class = m.class != sattar_heap::OBJECT;
    (m.kind == MethodKind::Library && (m.unsupported.is_none() || modelled_class)).then_some(m.id)
}

/// javac's override lists of the source methods.
type Overrides<'h> = HashMap<MethodId, &'h [MethodRef]>;

/// Whether `x` is `m` or overrides it (javac's relation, recorded per method).
fn overrides_or_is(p: &Program, overrides: &Overrides, x: &Method, m: &Method) -> bool {
    if x.id == m.id {
        return true;
    }
    if x.is_static || x.name != m.name {
        return false;
    }
    if x.descriptor == m.descriptor && p.is_subclass(&x.class, &m.class) {
        return true;
    }
    let owner = p
        .class(&m.class)
        .map_or_else(|| m.class.clone(), |c| c.binary.clone());
    overrides.get(&x.id).is_some_and(|list| {
        list.iter()
            .any(|r| r.owner == owner && r.name == m.name && r.params == m.descriptor)
    })
}

impl<'a, 'c> Lower<'a, 'c> {
    fn new(
        cx: &'a Cx<'c>,
        decls: &'a Decls,
        header: &'a Header,
        ids: &'a HashMap<usize, StmtId>,
    ) -> Self {
        let mut lw = Lower {
            cx,
            decls,
            header,
            vars: Vec::new(),
            locals: HashMap::new(),
            runtime: HashMap::new(),
            stmt: MADE_UP,
            next_label: 0,
            loops: Vec::new(),
            pending_label: None,
            yields: Vec::new(),
            ids,
        };
        for (p, node) in &header.params {
            let v = lw.new_var(&p.name, p.ty.clone(), VarKind::Param);
            if let Some(n) = node {
                lw.locals.insert(*n, v);
            }
        }
        lw
    }

    /// The qualified class being lowered.
    pub fn class(&self) -> &'a str {
        &self.header.class
    }

    fn method_body(mut self) -> R<Body> {
        let mut block = Vec::new();
        match (self.header.kind, self.header.node) {
            (MethodKind::DefaultConstructor, _) => {
                self.super_constructor(None, &mut block)?;
                self.initializers(&mut block)?;
            }
            (_, Some(m)) => {
                let Some(body) = self.cx.node(m).body else {
                    return Err(self.cx.unsupported(m, "a method without a body"));
                };
                let stmts = &self.cx.node(body).stmts;
                let mut rest = stmts.as_slice();
                if self.header.name == "<init>" {
                    rest = self.constructor_prologue(stmts, &mut block)?;
                }
                self.stmts(rest, &mut block)?;
            }
            _ => {}
        }
        Ok(Body {
            vars: self.vars,
            block,
        })
    }

    /// A constructor's first statement — `this(...)`, or `super(...)` (explicit or javac's) then
    /// the field initializers and initializer blocks in source order; the statements left.
    fn constructor_prologue<'s>(&mut self, stmts: &'s [usize], out: &mut Block) -> R<&'s [usize]> {
        let Some((&first, rest)) = stmts.split_first() else {
            self.super_constructor(None, out)?;
            self.initializers(out)?;
            return Ok(stmts);
        };
        let call = self
            .cx
            .node(first)
            .expr
            .filter(|&e| is_ctor_call(self.cx, Some(e)));
        let Some(call) = call else {
            self.super_constructor(None, out)?;
            self.initializers(out)?;
            return Ok(stmts);
        };
        let is_this = self
            .cx
            .node(call)
            .sel
            .is_some_and(|s| self.cx.node(s).name.as_deref() == Some("this"));
        if !self.cx.node(first).is_synthetic() {
            self.enter_stmt(first)?;
            out.push(self.node(NodeKind::Enter));
        }
        if is_this {
            let m = self.cx.node(call).m.clone().unwrap_or_default();
            let target = self.decls.method(&m).ok_or_else(|| {
                self.cx
                    .unsupported(call, "this(...) of an unknown constructor")
            })?;
            let args = self.call_args(call, target, out)?;
            let value = Rvalue::Call {
                method: target,
                recv: Some(Operand::This),
                args,
                virtual_call: false,
            };
            self.let_temp(Type::Void, value, out);
        } else {
            self.super_constructor(Some(call), out)?;
            self.initializers(out)?;
        }
        Ok(rest)
    }

    /// The superclass's constructor, when the superclass is a program class with code to run.
    fn super_constructor(&mut self, call: Option<usize>, out: &mut Block) -> R<()> {
        let Some(sup) = self
            .decls
            .class(self.class())
            .and_then(|c| c.superclass.clone())
        else {
            return Ok(());
        };
        let target = match call {
            Some(c) => {
                let m = self.cx.node(c).m.clone().unwrap_or_default();
                self.decls
                    .method(&m)
                    .or_else(|| self.default_constructor(&sup))
            }
            None => self.default_constructor(&sup),
        };
        let Some(target) = target else { return Ok(()) };
        let args = match call {
            Some(c) => self.call_args(c, target, out)?,
            None => Vec::new(),
        };
        let value = Rvalue::Call {
            method: target,
            recv: Some(Operand::This),
            args,
            virtual_call: false,
        };
        self.let_temp(Type::Void, value, out);
        Ok(())
    }

    /// The no-argument constructor of `class` (declared or made up), if it has code.
    pub fn default_constructor(&self, class: &str) -> Option<MethodId> {
        self.decls
            .methods
            .iter()
            .position(|h| h.class == class && h.name == "<init>" && h.params.is_empty())
            .map(|i| MethodId(i as u32))
    }

    /// The class's field initializers and instance initializer blocks, in source order.
    fn initializers(&mut self, out: &mut Block) -> R<()> {
        let Some(decl) = self.decls.class_decl(self.class()) else {
            return Ok(());
        };
        for &n in &decl.initializers {
            let node = self.cx.node(n);
            if node.k == "BLOCK" {
                self.block_stmts(n, out)?;
                continue;
            }
            let Some(init) = node.init else { continue };
            let name = node.name.clone().unwrap_or_default();
            let field = FieldRef {
                class: self.class().to_string(),
                name,
            };
            let ty = value_type(self.cx, self.decls, n)?;
            self.enter_stmt(n)?;
            out.push(self.node(NodeKind::Enter));
            let value = self.typed(init, &ty, out)?;
            out.push(self.node(NodeKind::Store {
                obj: Operand::This,
                field,
                value,
            }));
        }
        Ok(())
    }

    /// A block's statements (a slice of javac's statement nodes).
    fn stmts(&mut self, stmts: &[usize], out: &mut Block) -> R<()> {
        let mut i = 0;
        while i < stmts.len() {
            let group = declaration_group(self.cx, &stmts[i..]);
            if group > 0 {
                self.local_decl(&stmts[i..i + group], out)?;
                i += group;
            } else {
                self.stmt(stmts[i], out)?;
                i += 1;
            }
        }
        Ok(())
    }

    pub fn new_var(&mut self, name: &str, ty: Type, kind: VarKind) -> VarId {
        self.vars.push(Var {
            name: name.to_string(),
            ty,
            kind,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    /// A fresh temporary of type `ty`.
    pub fn temp(&mut self, ty: Type) -> VarId {
        let name = format!("$t{}", self.vars.len());
        self.new_var(&name, ty, VarKind::Temp)
    }

    /// A node of the current statement.
    pub fn node(&self, kind: NodeKind) -> Node {
        Node {
            stmt: self.stmt,
            kind,
        }
    }

    /// `temp = value` in `out`; the temporary as an operand.
    pub fn let_temp(&mut self, ty: Type, value: Rvalue, out: &mut Block) -> Operand {
        let var = self.temp(ty);
        out.push(self.node(NodeKind::Let { var, value }));
        Operand::Var(var)
    }

    /// A fresh label.
    pub(crate) fn label(&mut self) -> Label {
        self.next_label += 1;
        Label(self.next_label - 1)
    }

    /// Makes `n`'s statement the current one (its nodes are made from now on); its id.
    pub(crate) fn enter_stmt(&mut self, n: usize) -> R<StmtId> {
        let id = self
            .ids
            .get(&n)
            .copied()
            .ok_or_else(|| self.cx.unsupported(n, pretty(&self.cx.node(n).k)))?;
        self.stmt = id;
        Ok(id)
    }

    /// The statements of javac's BLOCK `b`, into `out`.
    fn block_stmts(&mut self, b: usize, out: &mut Block) -> R<()> {
        let stmts = &self.cx.node(b).stmts;
        self.stmts(stmts, out)
    }

    /// A branch or loop body: a block's statements, or the single statement.
    fn body(&mut self, n: usize) -> R<Block> {
        let mut out = Vec::new();
        if self.cx.node(n).k == "BLOCK" {
            self.block_stmts(n, &mut out)?;
        } else {
            self.stmt(n, &mut out)?;
        }
        Ok(out)
    }

    fn stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        deep(|| self.stmt_here(n, out))
    }

    fn stmt_here(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        match node.k.as_str() {
            _ if node.is_synthetic() => Ok(()),
            "VARIABLE" => self.local_decl(&[n], out),
            "EXPRESSION_STATEMENT" => self.expr_stmt(n, false, out),
            "BLOCK" => self.block_stmts(n, out),
            "IF" => self.if_stmt(n, out),
            "WHILE_LOOP" => self.while_stmt(n, out),
            "DO_WHILE_LOOP" => self.do_stmt(n, out),
            "FOR_LOOP" => self.for_stmt(n, out),
            "ENHANCED_FOR_LOOP" => self.for_each(n, out),
            "BREAK" | "CONTINUE" => self.jump(n, out),
            "RETURN" => self.return_stmt(n, out),
            "THROW" => self.throw_stmt(n, out),
            "ASSERT" => self.assert_stmt(n, out),
            "SWITCH" => self.switch_stmt(n, out),
            "YIELD" => self.yield_stmt(n, out),
            "TRY" => self.try_stmt(n, out),
            "LABELED_STATEMENT" => self.labeled(n, out),
            other => Err(self.cx.unsupported(n, pretty(other))),
        }
    }

    /// A local declaration: each declarator is a statement.
    fn local_decl(&mut self, group: &[usize], out: &mut Block) -> R<()> {
        for &d in group {
            let node = self.cx.node(d);
            if let Some(m) = node.mods.iter().find(|m| *m != "final") {
                return Err(self
                    .cx
                    .unsupported(d, format!("the `{m}` modifier on a local variable")));
            }
            let ty = value_type(self.cx, self.decls, d)?;
            let name = node.name.clone().unwrap_or_default();
            self.enter_stmt(d)?;
            out.push(self.node(NodeKind::Enter));
            let init = match node.init {
                Some(i) => Some(self.typed(i, &ty, out)?),
                None => None,
            };
            let var = self.new_var(&name, ty, VarKind::Local);
            self.locals.insert(d, var);
            out.push(self.node(NodeKind::Declare { var, init }));
        }
        Ok(())
    }

    /// An expression statement: an assignment, `++`/`--`, a call or `new`.
    fn expr_stmt(&mut self, n: usize, in_for_header: bool, out: &mut Block) -> R<()> {
        let Some(e) = self.cx.node(n).expr else {
            return Err(self.cx.error(n, "empty expression statement"));
        };
        let kind = match self.cx.node(e).k.as_str() {
            "ASSIGNMENT" | "PREFIX_INCREMENT" | "POSTFIX_INCREMENT" | "PREFIX_DECREMENT"
            | "POSTFIX_DECREMENT" => StmtKind::Assign,
            // Every compound assignment (`+=` … `>>>=`); `assignment` lowers them alike.
            k if k.ends_with("_ASSIGNMENT") => StmtKind::Assign,
            "METHOD_INVOCATION" | "NEW_CLASS" => StmtKind::Expr,
            other => {
                let place = if in_for_header {
                    "in a for header"
                } else {
                    "as a statement"
                };
                return Err(self.cx.unsupported(e, format!("{} {place}", pretty(other))));
            }
        };
        self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        match kind {
            StmtKind::Assign => self.assignment(e, out).map(|_| ()),
            _ => self.expr_any(e, true, out).map(|_| ()),
        }
    }

    /// `Enter` is already out; the condition `c`, then `Branch`; the condition's temporary.
    fn branch_test(&mut self, c: usize, out: &mut Block) -> R<VarId> {
        let op = self.cond(c, out)?;
        let var = match op {
            Operand::Var(v) if self.vars[v.0 as usize].kind == VarKind::Temp => v,
            other => {
                let t = self.temp(Type::Boolean);
                out.push(self.node(NodeKind::Let {
                    var: t,
                    value: Rvalue::Use(other),
                }));
                t
            }
        };
        out.push(self.node(NodeKind::Branch { cond: var }));
        Ok(var)
    }

    /// `if (!t) break L;`: how a loop test leaves the loop.
    pub(crate) fn leave_unless(&mut self, t: VarId, l: Label, out: &mut Block) {
        let not = self.let_temp(
            Type::Boolean,
            Rvalue::Unary(UnOp::Not, Operand::Var(t)),
            out,
        );
        let brk = self.node(NodeKind::Break(l));
        out.push(self.node(NodeKind::If {
            cond: not,
            then_b: vec![brk],
            else_b: Vec::new(),
        }));
    }

    fn if_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let (Some(c), Some(then)) = (node.cond, node.then) else {
            return Err(self.cx.error(n, "malformed if"));
        };
        let id = self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        let t = self.branch_test(c, out)?;
        let then_b = self.body(then)?;
        let else_b = match node.otherwise {
            Some(e) => self.body(e)?,
            None => Vec::new(),
        };
        out.push(Node {
            stmt: id,
            kind: NodeKind::If {
                cond: Operand::Var(t),
                then_b,
                else_b,
            },
        });
        Ok(())
    }

    /// Opens a loop: its break label and its `continue` label (with the label the loop statement
    /// carries, if `labeled` just read one).
    /// Leaves the innermost loop's labels.
    pub(crate) fn close_loop(&mut self) {
        self.loops.pop();
    }

    pub(crate) fn open_loop(&mut self) -> (Label, Label) {
        let brk = self.label();
        let cont = self.label();
        self.loops.push(LoopLabels {
            brk,
            cont,
            cont_used: false,
            name: self.pending_label.take(),
            kind: JumpTarget::Loop,
        });
        (brk, cont)
    }

    /// `name: stmt`: a labelled loop is the loop with a name `break`/`continue` may use; another
    /// labelled statement is a block `break name` leaves.
    fn labeled(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let Some(body) = node.body else {
            return Err(self.cx.error(n, "malformed labelled statement"));
        };
        let name = node.label.clone();
        if matches!(
            self.cx.node(body).k.as_str(),
            "WHILE_LOOP" | "DO_WHILE_LOOP" | "FOR_LOOP" | "ENHANCED_FOR_LOOP"
        ) {
            self.pending_label = name;
            return self.stmt(body, out);
        }
        let brk = self.label();
        self.loops.push(LoopLabels {
            brk,
            cont: brk,
            cont_used: false,
            name,
            kind: JumpTarget::Labelled,
        });
        let mut inner = Vec::new();
        let lowered = self.stmt(body, &mut inner);
        self.loops.pop();
        lowered?;
        out.push(Node {
            stmt: self.stmt,
            kind: NodeKind::Labeled {
                label: brk,
                body: inner,
            },
        });
        Ok(())
    }

    /// `switch (e) { case …: … }`: the statement's step, the selector (checked for null when it
    /// is an object), the case tests, and the case bodies (falling through in the `case L:` form,
    /// each ending the switch in the `case L ->` form).
    fn switch_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let Some(sel) = node.expr else {
            return Err(self.cx.error(n, "malformed switch"));
        };
        let id = self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        let end = self.label();
        let name = self.pending_label.take();
        let cases = node.cases.clone();
        let body = self.switch(sel, &cases, end, name, None, out)?;
        out.push(Node {
            stmt: id,
            kind: NodeKind::Labeled { label: end, body },
        });
        Ok(())
    }

    /// The dispatch and bodies of a switch whose end is `end`: the block to put inside
    /// `Labeled end`. `result`: a switch expression's variable and type (rules assign it).
    pub(crate) fn switch(
        &mut self,
        sel: usize,
        cases: &[usize],
        end: Label,
        name: Option<String>,
        result: Option<(VarId, &Type)>,
        out: &mut Block,
    ) -> R<Block> {
        let (t, boxed) = self.expr(sel, out)?;
        // A box selector is unboxed (its null check is the unboxing's).
        let ty = super::expr::unboxed(&boxed);
        let t = self.convert(t, &boxed, &ty, out);
        if !matches!(ty, Type::Int | Type::Class(_))
            && ty.int_kind().is_none_or(|k| k == IntKind::Long)
        {
            return Err(self.cx.unsupported(sel, format!("a switch on {ty}")));
        }
        if ty.is_ref() {
            out.push(self.node(NodeKind::NullCheck(t.clone())));
        }
        let here = self.stmt;
        let entries: Vec<Label> = cases.iter().map(|_| self.label()).collect();
        // The tests, in case order: one branch event per case with labels, until one matches.
        let mut dispatch = Vec::new();
        let mut default = None;
        for (&c, &entry) in cases.iter().zip(&entries) {
            let labels = self.cx.node(c).args.clone();
            if labels.is_empty() {
                default = Some(entry);
                continue;
            }
            let matched = self.case_test(&t, &labels, &mut dispatch)?;
            dispatch.push(self.node(NodeKind::Branch { cond: matched }));
            let brk = self.node(NodeKind::Break(entry));
            dispatch.push(self.node(NodeKind::If {
                cond: Operand::Var(matched),
                then_b: vec![brk],
                else_b: Vec::new(),
            }));
        }
        dispatch.push(self.node(NodeKind::Break(default.unwrap_or(end))));
        self.loops.push(LoopLabels {
            brk: end,
            cont: end,
            cont_used: false,
            name,
            kind: JumpTarget::Switch,
        });
        let mut block = dispatch;
        let lowered = (|| {
            for (&c, &entry) in cases.iter().zip(&entries) {
                self.stmt = here;
                let mut next = vec![Node {
                    stmt: here,
                    kind: NodeKind::Labeled {
                        label: entry,
                        body: block,
                    },
                }];
                self.case_body(c, end, result, &mut next)?;
                block = next;
            }
            Ok(block)
        })();
        self.loops.pop();
        self.stmt = here;
        lowered
    }

    /// Whether the selector `t` equals one of `labels`: its temporary.
    fn case_test(&mut self, t: &Operand, labels: &[usize], out: &mut Block) -> R<VarId> {
        let mut any: Option<Operand> = None;
        for &l in labels {
            let (v, _) = self.expr(l, out)?;
            if !matches!(v, Operand::Const(_)) {
                return Err(self
                    .cx
                    .unsupported(l, "a case label that is not a constant"));
            }
            let eq = self.let_temp(Type::Boolean, Rvalue::Binary(BinOp::Eq, t.clone(), v), out);
            any = Some(match any {
                None => eq,
                Some(prev) => {
                    self.let_temp(Type::Boolean, Rvalue::Binary(BinOp::BitOr, prev, eq), out)
                }
            });
        }
        Ok(match any {
            Some(Operand::Var(v)) => v,
            _ => {
                let v = self.temp(Type::Boolean);
                out.push(self.node(NodeKind::Let {
                    var: v,
                    value: Rvalue::Use(any.unwrap_or(Operand::Const(Literal::Bool(false)))),
                }));
                v
            }
        })
    }

    /// A case's code: its statements (`case L:`, falling through), or its rule's body and the
    /// end of the switch (`case L ->`; in a switch expression an expression body is the value).
    fn case_body(
        &mut self,
        c: usize,
        end: Label,
        result: Option<(VarId, &Type)>,
        out: &mut Block,
    ) -> R<()> {
        let case = self.cx.node(c);
        let Some(b) = case.body else {
            let stmts = case.stmts.clone();
            return self.stmts(&stmts, out);
        };
        match (self.cx.node(b).k.as_str(), result) {
            ("BLOCK" | "THROW" | "EXPRESSION_STATEMENT", _) => {
                let mut inner = self.body(b)?;
                out.append(&mut inner);
            }
            (_, Some((var, ty))) => {
                let v = self.typed(b, ty, out)?;
                out.push(self.node(NodeKind::Assign { var, value: v }));
            }
            (k, None) => {
                return Err(self
                    .cx
                    .unsupported(b, format!("{} as a case body", pretty(k))))
            }
        }
        out.push(self.node(NodeKind::Break(end)));
        Ok(())
    }

    /// `yield v;`: the switch expression's value, and its end.
    fn yield_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let Some((var, ty, end)) = self.yields.last().cloned() else {
            return Err(self.cx.error(n, "`yield` outside a switch expression"));
        };
        let Some(e) = self.cx.node(n).expr else {
            return Err(self.cx.error(n, "malformed yield"));
        };
        self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        let v = self.typed(e, &ty, out)?;
        out.push(self.node(NodeKind::Assign { var, value: v }));
        out.push(self.node(NodeKind::Break(end)));
        Ok(())
    }

    /// `try … catch … finally`: a statement of no id of its own (its parts are statements). A
    /// handler may catch exceptions and user exception classes, but not `Error`s (sattar's own
    /// step budget is one on the JVM) nor `Throwable`.
    fn try_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        if let Some(&r) = node.resources.first() {
            return Err(self.cx.unsupported(r, "try-with-resources"));
        }
        let Some(b) = node.block else {
            return Err(self.cx.error(n, "malformed try"));
        };
        let body = self.body(b)?;
        let mut handlers = Vec::new();
        for &c in &node.catches {
            handlers.push(self.handler(c)?);
        }
        let finally = match node.finally {
            Some(fin) => Some(self.body(fin)?),
            None => None,
        };
        out.push(self.node(NodeKind::Try {
            body,
            handlers,
            finally,
        }));
        Ok(())
    }

    /// One `catch (A | B e) { … }` clause.
    fn handler(&mut self, c: usize) -> R<Handler> {
        let node = self.cx.node(c);
        let (Some(p), Some(b)) = (node.param, node.block) else {
            return Err(self.cx.error(c, "malformed catch"));
        };
        let pnode = self.cx.node(p);
        let alternatives: Vec<usize> = match pnode.vtype.map(|t| self.cx.node(t)) {
            Some(t) if t.k == "UNION_TYPE" => t.c.clone(),
            _ => pnode.vtype.into_iter().collect(),
        };
        let mut classes = Vec::new();
        for a in alternatives {
            let erased = self.cx.node(a).t.clone().unwrap_or_default();
            let class = self
                .decls
                .exception(&erased)
                .filter(|e| catchable(self.decls, e))
                .ok_or_else(|| {
                    self.cx
                        .unsupported(a, format!("catching `{}`", erased.replace('$', ".")))
                        .with_help(
                            "sattar catches exceptions (java.lang.Exception and below) and AssertionError; \
                             Errors and Throwable would catch the JVM's own",
                        )
                })?;
            classes.push(class);
        }
        let name = pnode.name.clone().unwrap_or_default();
        let ty = Type::Class(classes.first().cloned().unwrap_or_default());
        let param = self.new_var(&name, ty, VarKind::Local);
        self.locals.insert(p, param);
        let body = self.body(b)?;
        Ok(Handler {
            classes,
            param,
            body,
        })
    }

    /// `assert c : message;`: a branch on `c`, and an `AssertionError` when it is false (the
    /// message must be one sattar may leave unevaluated).
    fn assert_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let Some(c) = node.cond else {
            return Err(self.cx.error(n, "malformed assert"));
        };
        if let Some(d) = node.detail.filter(|&d| !self.is_message(d)) {
            return Err(self.cx.unsupported(
                d,
                "an assert message other than literals and primitive values",
            ));
        }
        let id = self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        let t = self.branch_test(c, out)?;
        let not = self.let_temp(
            Type::Boolean,
            Rvalue::Unary(UnOp::Not, Operand::Var(t)),
            out,
        );
        out.push(Node {
            stmt: id,
            kind: NodeKind::If {
                cond: not,
                then_b: vec![self.node(NodeKind::Throw("java.lang.AssertionError".into()))],
                else_b: Vec::new(),
            },
        });
        Ok(())
    }

    /// Lowers a loop's own body; wrapped in `Labeled` when a `continue` targets it.
    pub(crate) fn loop_body(&mut self, n: usize, id: StmtId, out: &mut Block) -> R<()> {
        let b = self.body(n)?;
        let used = self.loops.last().is_some_and(|l| l.cont_used);
        let cont = self.loops.last().map_or(Label(0), |l| l.cont);
        if used {
            out.push(Node {
                stmt: id,
                kind: NodeKind::Labeled {
                    label: cont,
                    body: b,
                },
            });
        } else {
            out.extend(b);
        }
        Ok(())
    }

    fn while_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let (Some(c), Some(b)) = (node.cond, node.body) else {
            return Err(self.cx.error(n, "malformed while"));
        };
        let id = self.enter_stmt(n)?;
        let (brk, _) = self.open_loop();
        let mut head = vec![self.node(NodeKind::Enter)];
        let t = self.branch_test(c, &mut head)?;
        self.leave_unless(t, brk, &mut head);
        let mut body = Vec::new();
        self.loop_body(b, id, &mut body)?;
        self.loops.pop();
        out.push(Node {
            stmt: id,
            kind: NodeKind::Loop {
                label: brk,
                head,
                body,
            },
        });
        Ok(())
    }

    fn do_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let (Some(c), Some(b)) = (node.cond, node.body) else {
            return Err(self.cx.error(n, "malformed do"));
        };
        let id = self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Cover));
        let (brk, _) = self.open_loop();
        let mut body = Vec::new();
        self.loop_body(b, id, &mut body)?;
        self.loops.pop();
        self.stmt = id;
        body.push(self.node(NodeKind::Enter));
        let t = self.branch_test(c, &mut body)?;
        self.leave_unless(t, brk, &mut body);
        out.push(Node {
            stmt: id,
            kind: NodeKind::Loop {
                label: brk,
                head: Vec::new(),
                body,
            },
        });
        Ok(())
    }

    fn for_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let Some(b) = node.body else {
            return Err(self.cx.error(n, "malformed for"));
        };
        let id = self.enter_stmt(n)?;
        let mut i = 0;
        while i < node.inits.len() {
            let group = declaration_group(self.cx, &node.inits[i..]);
            if group > 0 {
                self.local_decl(&node.inits[i..i + group], out)?;
                i += group;
            } else {
                self.for_part(node.inits[i], out)?;
                i += 1;
            }
        }
        self.stmt = id;
        let (brk, _) = self.open_loop();
        let mut head = vec![self.node(NodeKind::Enter)];
        if let Some(c) = node.cond {
            let t = self.branch_test(c, &mut head)?;
            self.leave_unless(t, brk, &mut head);
        }
        let mut update = Vec::new();
        for &u in &node.update {
            self.for_part(u, &mut update)?;
        }
        let mut body = Vec::new();
        self.loop_body(b, id, &mut body)?;
        self.loops.pop();
        body.extend(update);
        out.push(Node {
            stmt: id,
            kind: NodeKind::Loop {
                label: brk,
                head,
                body,
            },
        });
        Ok(())
    }

    /// A `for` initializer or update that is an expression statement.
    fn for_part(&mut self, n: usize, out: &mut Block) -> R<()> {
        match self.cx.node(n).k.as_str() {
            "EXPRESSION_STATEMENT" => self.expr_stmt(n, true, out),
            other => Err(self
                .cx
                .unsupported(n, format!("{} in a for header", pretty(other)))),
        }
    }

    fn jump(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let is_break = node.k == "BREAK";
        self.enter_stmt(n)?;
        // The labelled statement named, or the innermost loop (javac checked that it exists).
        let target = self.loops.iter_mut().rev().find(|l| match &node.label {
            Some(name) => l.name.as_ref() == Some(name),
            None if is_break => l.kind != JumpTarget::Labelled,
            None => l.kind == JumpTarget::Loop,
        });
        let Some(lp) = target else {
            return Err(self.cx.error(n, "`break`/`continue` outside a loop"));
        };
        let target = if is_break {
            lp.brk
        } else {
            lp.cont_used = true;
            lp.cont
        };
        out.push(self.node(NodeKind::Enter));
        out.push(self.node(NodeKind::Break(target)));
        Ok(())
    }

    fn return_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        let value = match self.cx.node(n).expr {
            None => None,
            Some(v) => {
                let ret = self.header.ret.clone();
                Some(self.typed(v, &ret, out)?)
            }
        };
        out.push(self.node(NodeKind::Return(value)));
        Ok(())
    }

    fn throw_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let e = self.cx.node(n).expr.unwrap_or(n);
        if let Some(var) = self.caught_exception(e) {
            self.enter_stmt(n)?;
            out.push(self.node(NodeKind::Enter));
            out.push(self.node(NodeKind::Rethrow(var)));
            return Ok(());
        }
        let unsupported = || {
            self.cx.unsupported(
                e,
                "throwing anything but `new E(...)` of an exception class",
            )
        };
        let en = self.cx.node(e);
        if en.k != "NEW_CLASS" || en.body.is_some() || en.encl.is_some() {
            return Err(unsupported());
        }
        let class = en.t.as_deref().unwrap_or("");
        let exception = self.decls.exception(class).ok_or_else(unsupported)?;
        if let Some(&bad) = en.args.iter().find(|&&a| !self.is_message(a)) {
            return Err(self.cx.unsupported(
                bad,
                "an exception argument other than a message of literals and primitive values",
            ));
        }
        self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        out.push(self.node(NodeKind::Throw(exception)));
        Ok(())
    }
}

impl Lower<'_, '_> {
    /// The catch parameter `e` names, if it is one.
    fn caught_exception(&self, e: usize) -> Option<VarId> {
        let n = self.cx.node(self.strip_parens(e));
        let sym = n.sym.as_ref()?;
        if n.k != "IDENTIFIER" || sym.kind != "EXCEPTION_PARAMETER" {
            return None;
        }
        sym.decl.and_then(|d| self.locals.get(&d).copied())
    }

    /// Whether `e` is a message sattar may leave unevaluated: literals, and primitive-typed
    /// locals, parameters, fields of `this` (or of an enclosing instance, or the class's own
    /// statics, named simply or as `this.f`), `+`, `-`, `*`, negation and parentheses over them.
    /// Its evaluation can neither throw nor run code (an object's `toString` could, a division
    /// could throw), so the run is the same without it.
    pub(crate) fn is_message(&self, e: usize) -> bool {
        let n = self.cx.node(e);
        let primitive = matches!(
            n.t.as_deref(),
            Some("int" | "boolean" | "char" | "long" | "short" | "byte")
        );
        let messages = |xs: &[Option<usize>]| {
            xs.iter()
                .all(|x| x.is_some_and(|x| deep(|| self.is_message(x))))
        };
        let kind = n.sym.as_ref().map_or("", |s| s.kind.as_str());
        match n.k.as_str() {
            k if k.ends_with("_LITERAL") => true,
            "PARENTHESIZED" => messages(&[n.expr]),
            "PLUS" => messages(&[n.l, n.r]),
            "MINUS" | "MULTIPLY" => primitive && messages(&[n.l, n.r]),
            "UNARY_MINUS" | "UNARY_PLUS" => primitive && messages(&[n.expr]),
            "IDENTIFIER" => primitive && matches!(kind, "LOCAL_VARIABLE" | "PARAMETER" | "FIELD"),
            "MEMBER_SELECT" => {
                let of_this = n.expr.is_some_and(|x| {
                    let x = self.cx.node(x);
                    x.k == "IDENTIFIER" && x.name.as_deref() == Some("this")
                });
                primitive && kind == "FIELD" && of_this
            }
            _ => false,
        }
    }
}

/// Whether an expression statement's expression is `this(...)` or `super(...)`.
pub(crate) fn is_ctor_call(cx: &Cx, e: Option<usize>) -> bool {
    e.is_some_and(|e| {
        let n = cx.node(e);
        n.k == "METHOD_INVOCATION"
            && n.sel.is_some_and(|s| {
                matches!(cx.node(s).name.as_deref(), Some("this" | "super"))
                    && cx.node(s).k == "IDENTIFIER"
            })
    })
}

/// Whether a `catch` clause may name exception class `class`: an `Exception` or one below it, or
/// `AssertionError` (never an `Error` or `Throwable`, which would catch the JVM's own errors and
/// sattar's step budget).
fn catchable(decls: &Decls, class: &str) -> bool {
    class == "java.lang.AssertionError" || decls.is_subclass(class, "java.lang.Exception")
}
