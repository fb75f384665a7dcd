//! Lowering rules for arrays: creation (`new T[n]`, initializers), element reads and writes
//! with Java's checks in JLS order, and `a.length`.

use super::body::{Lower, R};
use crate::ir::*;

/// `java.lang.Iterable`, what an enhanced for over an object asks for its iterator.
const ITERABLE: &str = "java.lang.Iterable";
/// `java.util.Iterator`.
const ITERATOR: &str = "java.util.Iterator";
use sattar_jdk::tree::MethodRef;

const AIOOBE: &str = "java.lang.ArrayIndexOutOfBoundsException";
const ARRAY_STORE: &str = "java.lang.ArrayStoreException";
const ILLEGAL_ARGUMENT: &str = "java.lang.IllegalArgumentException";

impl Lower<'_, '_> {
    /// Whether `ty` is an array class.
    pub(crate) fn is_array(ty: &Type) -> bool {
        matches!(ty, Type::Class(c) if sattar_heap::is_array_class(c))
    }

    /// The element type of array type `ty`.
    pub(crate) fn element_of(&self, ty: &Type) -> Option<Type> {
        let Type::Class(c) = ty else { return None };
        self.decls.arrays.borrow().get(c).cloned()
    }

    /// `a[i]` (JLS 15.10.4): the array, the index, the null check, the index check, the read.
    pub(crate) fn array_read(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let (arr, index) = self.array_and_index(n, out)?;
        out.push(self.node(NodeKind::NullCheck(arr.clone())));
        out.push(self.node(NodeKind::IndexCheck {
            arr: arr.clone(),
            index: index.clone(),
        }));
        Ok(self.let_temp(ty.clone(), Rvalue::Load { arr, index }, out))
    }

    /// The array and the index of access `n`, evaluated in that order.
    fn array_and_index(&mut self, n: usize, out: &mut Block) -> R<(Operand, Operand)> {
        let node = self.cx.node(n);
        let (a, i) = (node.arr.unwrap_or(n), node.idx.unwrap_or(n));
        let (arr, _) = self.expr(a, out)?;
        let index = self.typed(i, &Type::Int, out)?;
        Ok((arr, index))
    }

    /// `a[i] = v` or `a[i] op= v` (JLS 15.26.1, 15.26.2): array, index, then for `=` the value
    /// and the null, index and store checks; for `op=` the checks, the old element, the value.
    pub(crate) fn array_store(
        &mut self,
        target: usize,
        op: Option<BinOp>,
        ty: &Type,
        value: impl Fn(&mut Self, &mut Block) -> R<(Operand, Type)>,
        out: &mut Block,
    ) -> R<(Option<Operand>, Operand)> {
        let (arr, index) = self.array_and_index(target, out)?;
        let checks = |lw: &mut Self, out: &mut Block| {
            out.push(lw.node(NodeKind::NullCheck(arr.clone())));
            out.push(lw.node(NodeKind::IndexCheck {
                arr: arr.clone(),
                index: index.clone(),
            }));
        };
        let (old, new) = match op {
            None => {
                let v = value(self, out)?.0;
                let v = self.snapshot(v, ty, out);
                checks(self, out);
                if ty.is_ref() {
                    out.push(self.node(NodeKind::StoreCheck {
                        arr: arr.clone(),
                        value: v.clone(),
                    }));
                }
                (None, v)
            }
            Some(op) => {
                checks(self, out);
                let read = Rvalue::Load {
                    arr: arr.clone(),
                    index: index.clone(),
                };
                let old = self.let_temp(ty.clone(), read, out);
                let new = self.operate(op, old.clone(), ty, value, (target, out))?;
                (Some(old), new)
            }
        };
        out.push(self.node(NodeKind::StoreElem {
            arr,
            index,
            value: new.clone(),
        }));
        Ok((old, new))
    }

    /// `new T[n]`, `new T[n][]`, `new T[] {a, b}` and `{a, b}` in a declaration (JLS 15.10.2:
    /// the length is evaluated and checked, the array made, then the initializers in order).
    pub(crate) fn new_array(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let Type::Class(class) = ty.clone() else {
            return Err(self.cx.error(n, "an array creation of no array type"));
        };
        let element = self
            .element_of(ty)
            .ok_or_else(|| self.cx.error(n, "an array creation of no array type"))?;
        if node.dims.len() > 1 {
            return Err(self
                .cx
                .unsupported(n, "creating a multi-dimensional array in one expression")
                .with_help("create the outer array, then each inner array in a loop"));
        }
        if let Some(&d) = node.dims.first() {
            let len = self.typed(d, &Type::Int, out)?;
            out.push(self.node(NodeKind::SizeCheck(len.clone())));
            return Ok(self.let_temp(ty.clone(), Rvalue::NewArray { class, len }, out));
        }
        let elems = node.elems.clone().unwrap_or_default();
        let len = i64::try_from(elems.len()).unwrap_or(i64::MAX);
        let len = Operand::Const(super::expr::int_literal(sattar_heap::IntKind::Int, len));
        let arr = self.let_temp(ty.clone(), Rvalue::NewArray { class, len }, out);
        for (i, e) in elems.into_iter().enumerate() {
            let value = if self.cx.node(e).k == "NEW_ARRAY" {
                self.new_array(e, &element, out)?
            } else {
                self.typed(e, &element, out)?
            };
            let i = i64::try_from(i).unwrap_or(i64::MAX);
            out.push(self.node(NodeKind::StoreElem {
                arr: arr.clone(),
                index: Operand::Const(super::expr::int_literal(sattar_heap::IntKind::Int, i)),
                value,
            }));
        }
        Ok(arr)
    }

    /// `a.length`: the null check, then the read of the array's `length`.
    pub(crate) fn array_length(&mut self, arr: Operand, ty: &Type, out: &mut Block) -> Operand {
        out.push(self.node(NodeKind::NullCheck(arr.clone())));
        let Type::Class(class) = ty.clone() else {
            return arr;
        };
        let field = FieldRef {
            class,
            name: sattar_heap::ARRAY_LENGTH.into(),
        };
        self.let_temp(Type::Int, Rvalue::Read { obj: arr, field }, out)
    }

    /// `for (T x : a) B` over an array, as JLS 14.14.2 desugars it: `T[] #a = a; for (int #i = 0;
    /// #i < #a.length; #i++) { T x = #a[#i]; B }` (the array evaluated once, before the first
    /// test; its null check in the first test).
    pub(crate) fn for_each(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let (Some(v), Some(e), Some(b)) = (node.var, node.expr, node.body) else {
            return Err(self.cx.error(n, "malformed enhanced for"));
        };
        let id = self.enter_stmt(n)?;
        let (arr, arr_ty) = self.expr(e, out)?;
        if self.iterable_calls(&arr_ty).is_some() {
            return self.for_each_iterable(n, id, arr, &arr_ty, out);
        }
        let Some(elem) = self.element_of(&arr_ty) else {
            let what = format!(
                "an enhanced for over a `{arr_ty}` (sattar iterates over arrays and Iterables)"
            );
            return Err(self
                .cx
                .unsupported(e, what)
                .with_help("write the loop with an iterator or an index"));
        };
        self.loop_variable_typed(v)?;
        let x_ty = super::decls::value_type(self.cx, self.decls, v)?;
        self.stmt = id;
        let a = self.let_temp(arr_ty.clone(), Rvalue::Use(arr), out);
        let i = self.new_var("$each", Type::Int, VarKind::Local);
        let zero = Operand::Const(Literal::Int(0));
        out.push(self.node(NodeKind::Declare {
            var: i,
            init: Some(zero),
        }));
        let (brk, _) = self.open_loop();
        let mut head = vec![self.node(NodeKind::Enter)];
        let len = self.array_length(a.clone(), &arr_ty, &mut head);
        let more = self.temp(Type::Boolean);
        let test = Rvalue::Binary(BinOp::Lt, Operand::Var(i), len);
        head.push(self.node(NodeKind::Let {
            var: more,
            value: test,
        }));
        head.push(self.node(NodeKind::Branch { cond: more }));
        self.leave_unless(more, brk, &mut head);
        let mut body = Vec::new();
        let load = Rvalue::Load {
            arr: a,
            index: Operand::Var(i),
        };
        let element = self.let_temp(elem.clone(), load, &mut body);
        let element = self.convert(element, &elem, &x_ty, &mut body);
        self.fit(&element, &x_ty, &mut body);
        let name = self.cx.node(v).name.clone().unwrap_or_default();
        let x = self.new_var(&name, x_ty, VarKind::Local);
        self.locals.insert(v, x);
        body.push(self.node(NodeKind::Declare {
            var: x,
            init: Some(element),
        }));
        self.loop_body(b, id, &mut body)?;
        self.close_loop();
        self.stmt = id;
        let one = Operand::Const(Literal::Int(1));
        let next = self.let_temp(
            Type::Int,
            Rvalue::Binary(BinOp::Add, Operand::Var(i), one),
            &mut body,
        );
        body.push(self.node(NodeKind::Assign {
            var: i,
            value: next,
        }));
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

    /// A loop variable must name its type (the JVM probe writes it in a cast).
    fn loop_variable_typed(&self, v: usize) -> R<()> {
        let vtype = self.cx.node(v).vtype;
        if vtype.is_none_or(|t| self.cx.src(t) == "var" || self.cx.src(t).is_empty()) {
            return Err(self
                .cx
                .unsupported(v, "`var` as the variable of an enhanced for")
                .with_help("write the element type"));
        }
        Ok(())
    }

    /// `Iterable.iterator()`, `Iterator.hasNext()` and `Iterator.next()`, when values of type
    /// `ty` are Iterables (sattar's models of java.util are loaded).
    fn iterable_calls(&self, ty: &Type) -> Option<[MethodId; 3]> {
        let Type::Class(c) = ty else { return None };
        if c == sattar_heap::OBJECT || !self.decls.is_subclass(c, ITERABLE) {
            return None;
        }
        let find = |class: &str, name: &str| {
            let h = self.decls.methods.iter().position(|h| {
                h.class == class && h.name == name && h.erased.is_empty() && !h.is_static
            });
            h.map(|i| MethodId(i as u32))
        };
        // `iterator()` as the static type declares or inherits it: a call through `List`
        // reaches the lists' iterators only.
        let iterator = self
            .decls
            .supertypes(c)
            .iter()
            .find_map(|s| find(s, "iterator"))?;
        Some([
            iterator,
            find(ITERATOR, "hasNext")?,
            find(ITERATOR, "next")?,
        ])
    }

    /// `for (T x : e) B` over an Iterable, as JLS 14.14.2 desugars it: `for (Iterator #i =
    /// e.iterator(); #i.hasNext(); ) { T x = (T) #i.next(); B }` (the iterator asked for once,
    /// before the first test; a primitive `x` unboxed from its box class).
    fn for_each_iterable(
        &mut self,
        n: usize,
        id: StmtId,
        iterable: Operand,
        ty: &Type,
        out: &mut Block,
    ) -> R<()> {
        let node = self.cx.node(n);
        let (Some(v), Some(b)) = (node.var, node.body) else {
            return Err(self.cx.error(n, "malformed enhanced for"));
        };
        let [iterator, has_next, next] = self
            .iterable_calls(ty)
            .ok_or_else(|| self.cx.error(n, "an Iterable without iterator()"))?;
        self.loop_variable_typed(v)?;
        let x_ty = super::decls::value_type(self.cx, self.decls, v)?;
        self.stmt = id;
        out.push(self.node(NodeKind::NullCheck(iterable.clone())));
        let call = |method, recv| Rvalue::Call {
            method,
            recv: Some(recv),
            args: Vec::new(),
            virtual_call: true,
        };
        let it_ty = Type::Class(ITERATOR.into());
        let it = self.let_temp(it_ty, call(iterator, iterable), out);
        let (brk, _) = self.open_loop();
        let mut head = vec![self.node(NodeKind::Enter)];
        let more = self.temp(Type::Boolean);
        head.push(self.node(NodeKind::NullCheck(it.clone())));
        head.push(self.node(NodeKind::Let {
            var: more,
            value: call(has_next, it.clone()),
        }));
        head.push(self.node(NodeKind::Branch { cond: more }));
        self.leave_unless(more, brk, &mut head);
        let mut body = Vec::new();
        let object = Type::Class(sattar_heap::OBJECT.into());
        let element = self.let_temp(object, call(next, it), &mut body);
        let element = self.checkcast_element(element, &x_ty, &mut body);
        let name = self.cx.node(v).name.clone().unwrap_or_default();
        let x = self.new_var(&name, x_ty, VarKind::Local);
        self.locals.insert(v, x);
        body.push(self.node(NodeKind::Declare {
            var: x,
            init: Some(element),
        }));
        self.loop_body(b, id, &mut body)?;
        self.close_loop();
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

    /// javac's checkcast of an `Object` element for a variable of type `x_ty`: to its class, or
    /// to the box a primitive unboxes from (then unboxed).
    fn checkcast_element(&mut self, element: Operand, x_ty: &Type, out: &mut Block) -> Operand {
        let class = match x_ty {
            Type::Class(c) => Some(c.clone()),
            t => t
                .field_type()
                .and_then(|f| sattar_heap::BoxClass::of(&f))
                .map(|b| {
                    self.decls.ty(b.class);
                    b.class.to_string()
                }),
        };
        match class {
            Some(c) if c != sattar_heap::OBJECT => {
                out.push(self.node(NodeKind::CheckCast {
                    op: element.clone(),
                    class: c.clone(),
                }));
                self.convert(element, &Type::Class(c), x_ty, out)
            }
            _ => element,
        }
    }

    /// The JDK's array methods lowered in place, since what they do depends on the arrays'
    /// runtime classes: `System.arraycopy`, `Arrays.fill`, `Arrays.copyOf` (`None`: another
    /// method).
    pub(crate) fn array_library(
        &mut self,
        n: usize,
        r: &MethodRef,
        out: &mut Block,
    ) -> Option<R<Operand>> {
        Some(match (r.owner.as_str(), r.name.as_str(), r.params.len()) {
            ("java.lang.System", "arraycopy", 5) => self.arraycopy(n, out),
            ("java.util.Arrays", "fill", 2 | 4) => self.fill(n, out),
            ("java.util.Arrays", "copyOf", 2) => self.copy_of(n, out),
            _ => return None,
        })
    }

    /// The arguments of call `n`, evaluated in order: each with its static type.
    fn arguments(&mut self, n: usize, out: &mut Block) -> R<Vec<(Operand, Type)>> {
        let args = self.cx.node(n).args.clone();
        args.into_iter().map(|a| self.expr(a, out)).collect()
    }

    /// Argument `i` of `args` as an `int`.
    fn int_arg(&mut self, args: &[(Operand, Type)], i: usize, out: &mut Block) -> Operand {
        let (op, ty) = args[i].clone();
        self.convert(op, &ty, &Type::Int, out)
    }

    /// A refusal of an array method whose argument is not statically an array.
    fn not_an_array(&self, n: usize, what: &str) -> sattar_diag::Diagnostic {
        self.cx
            .unsupported(
                n,
                format!("{what} on a value that is not statically an array"),
            )
            .with_help("pass an expression of an array type (`int[]`, `Node[]`, `T[]`)")
    }

    /// `if (c₁ | c₂ | …) throw new E();`
    fn throw_if(&mut self, conds: Vec<Operand>, exception: &str, out: &mut Block) {
        let Some(first) = conds.first().cloned() else {
            return;
        };
        let any = conds.into_iter().skip(1).fold(first, |acc, c| {
            self.let_temp(Type::Boolean, Rvalue::Binary(BinOp::BitOr, acc, c), out)
        });
        let throw = self.node(NodeKind::Throw(exception.into()));
        out.push(self.node(NodeKind::If {
            cond: any,
            then_b: vec![throw],
            else_b: Vec::new(),
        }));
    }

    /// `a op b` on ints into a temporary.
    fn int_op(&mut self, op: BinOp, a: Operand, b: Operand, out: &mut Block) -> Operand {
        let ty = if !op.is_arithmetic() {
            Type::Boolean
        } else {
            Type::Int
        };
        self.let_temp(ty, Rvalue::Binary(op, a, b), out)
    }

    /// `System.arraycopy(src, srcPos, dest, destPos, length)`: the null checks, the type check
    /// (arrays of different primitive types, or a primitive and a reference array, always throw
    /// `ArrayStoreException`), the bounds checks (`ArrayIndexOutOfBoundsException`), the copy.
    fn arraycopy(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let args = self.arguments(n, out)?;
        let (src, src_ty) = args[0].clone();
        let (dest, dest_ty) = args[2].clone();
        let (Some(es), Some(ed)) = (self.element_of(&src_ty), self.element_of(&dest_ty)) else {
            return Err(self.not_an_array(n, "`System.arraycopy`"));
        };
        let (sp, dp, len) = (
            self.int_arg(&args, 1, out),
            self.int_arg(&args, 3, out),
            self.int_arg(&args, 4, out),
        );
        out.push(self.node(NodeKind::NullCheck(src.clone())));
        out.push(self.node(NodeKind::NullCheck(dest.clone())));
        if es != ed && (!es.is_ref() || !ed.is_ref()) {
            out.push(self.node(NodeKind::Throw(ARRAY_STORE.into())));
            return Ok(Operand::Const(Literal::Null));
        }
        let zero = || Operand::Const(Literal::Int(0));
        let src_len = self.array_length(src.clone(), &src_ty, out);
        let dest_len = self.array_length(dest.clone(), &dest_ty, out);
        let src_room = self.int_op(BinOp::Sub, src_len, sp.clone(), out);
        let dest_room = self.int_op(BinOp::Sub, dest_len, dp.clone(), out);
        let conds = vec![
            self.int_op(BinOp::Lt, sp.clone(), zero(), out),
            self.int_op(BinOp::Lt, dp.clone(), zero(), out),
            self.int_op(BinOp::Lt, len.clone(), zero(), out),
            self.int_op(BinOp::Gt, len.clone(), src_room, out),
            self.int_op(BinOp::Gt, len.clone(), dest_room, out),
        ];
        self.throw_if(conds, AIOOBE, out);
        out.push(self.node(NodeKind::ArrayCopy {
            src,
            src_pos: sp,
            dest,
            dest_pos: dp,
            len,
        }));
        Ok(Operand::Const(Literal::Null))
    }

    /// `Arrays.fill(a, v)` and `Arrays.fill(a, from, to, v)`: the range checks
    /// (`IllegalArgumentException` when `from > to`, `ArrayIndexOutOfBoundsException` outside
    /// the array), the null check, one store check when something is stored, the stores.
    fn fill(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let args = self.arguments(n, out)?;
        let (arr, arr_ty) = args[0].clone();
        let Some(elem) = self.element_of(&arr_ty) else {
            return Err(self.not_an_array(n, "`Arrays.fill`"));
        };
        let (vop, vty) = args[args.len() - 1].clone();
        let value = self.convert(vop, &vty, &elem, out);
        let value = self.snapshot(value, &elem, out);
        out.push(self.node(NodeKind::NullCheck(arr.clone())));
        let len = self.array_length(arr.clone(), &arr_ty, out);
        let (from, to) = if args.len() == 4 {
            let (from, to) = (self.int_arg(&args, 1, out), self.int_arg(&args, 2, out));
            let inverted = self.int_op(BinOp::Gt, from.clone(), to.clone(), out);
            self.throw_if(vec![inverted], ILLEGAL_ARGUMENT, out);
            let zero = Operand::Const(Literal::Int(0));
            let below = self.int_op(BinOp::Lt, from.clone(), zero, out);
            let above = self.int_op(BinOp::Gt, to.clone(), len, out);
            self.throw_if(vec![below, above], AIOOBE, out);
            (from, to)
        } else {
            (Operand::Const(Literal::Int(0)), len)
        };
        if elem.is_ref() {
            let some = self.int_op(BinOp::Lt, from.clone(), to.clone(), out);
            let check = self.node(NodeKind::StoreCheck {
                arr: arr.clone(),
                value: value.clone(),
            });
            out.push(self.node(NodeKind::If {
                cond: some,
                then_b: vec![check],
                else_b: Vec::new(),
            }));
        }
        out.push(self.node(NodeKind::ArrayFill {
            arr,
            from,
            to,
            value,
        }));
        Ok(Operand::Const(Literal::Null))
    }

    /// `Arrays.copyOf(a, n)`: for a primitive array the JDK makes `new T[n]` first
    /// (`NegativeArraySizeException`), then reads `a.length` (its null check); for an array of
    /// references it asks `a.getClass()` first (the null check), then makes an array of that
    /// class. Then `min(n, a.length)` elements are copied.
    fn copy_of(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let args = self.arguments(n, out)?;
        let (arr, arr_ty) = args[0].clone();
        let Some(elem) = self.element_of(&arr_ty) else {
            return Err(self.not_an_array(n, "`Arrays.copyOf`"));
        };
        let new_len = self.int_arg(&args, 1, out);
        let copy = if elem.is_ref() {
            out.push(self.node(NodeKind::NullCheck(arr.clone())));
            out.push(self.node(NodeKind::SizeCheck(new_len.clone())));
            let like = Rvalue::NewArrayLike {
                like: arr.clone(),
                len: new_len.clone(),
            };
            self.let_temp(arr_ty.clone(), like, out)
        } else {
            out.push(self.node(NodeKind::SizeCheck(new_len.clone())));
            let Type::Class(class) = arr_ty.clone() else {
                return Err(self.not_an_array(n, "`Arrays.copyOf`"));
            };
            let made = Rvalue::NewArray {
                class,
                len: new_len.clone(),
            };
            let copy = self.let_temp(arr_ty.clone(), made, out);
            out.push(self.node(NodeKind::NullCheck(arr.clone())));
            copy
        };
        let old_len = self.array_length(arr.clone(), &arr_ty, out);
        let shorter = self.int_op(BinOp::Lt, new_len.clone(), old_len.clone(), out);
        let count = Rvalue::Cond {
            cond: shorter,
            then_b: Vec::new(),
            then_v: new_len,
            else_b: Vec::new(),
            else_v: old_len,
        };
        let count = self.let_temp(Type::Int, count, out);
        let zero = || Operand::Const(Literal::Int(0));
        out.push(self.node(NodeKind::ArrayCopy {
            src: arr,
            src_pos: zero(),
            dest: copy.clone(),
            dest_pos: zero(),
            len: count,
        }));
        Ok(copy)
    }
}
