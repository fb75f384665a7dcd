//! Lowering rules for strings (JLS 15.18.1, 3.10.5): literals and constant expressions, string
//! concatenation `+` and `+=`. Strings are objects of String's model
//! (`models/sattar/model/java/lang/String.java`); its methods are calls like any other.

use super::body::{Lower, R};
use super::expr::{box_of, primitive_of};
use crate::ir::*;
use crate::library::STRING;

/// The model's `a + b` of two non-null strings: always a new object.
const CONCATENATION: &str = "concatenation";

impl Lower<'_, '_> {
    /// Whether `ty` is `java.lang.String`.
    pub(crate) fn is_string(ty: &Type) -> bool {
        matches!(ty, Type::Class(c) if c == STRING)
    }

    /// The interned literal `text`.
    pub(crate) fn string_literal(&mut self, text: &str, out: &mut Block) -> Operand {
        let units = text.encode_utf16().collect();
        self.let_temp(Type::Class(STRING.into()), Rvalue::Str(units), out)
    }

    /// `a + b + …` of type String (not a constant): as JDK 17's javac compiles it (JLS
    /// 15.18.1), the operands of the whole chain (parentheses skipped) are evaluated left to
    /// right, then each is converted to a string in turn, then they are joined into a new one.
    pub(crate) fn concat(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let mut parts = Vec::new();
        self.concat_operands(n, &mut parts);
        let mut values = Vec::new();
        for p in parts {
            values.push((self.expr(p, out)?, p));
        }
        let mut strings = Vec::new();
        for ((v, ty), p) in values {
            strings.push(self.stringified(v, &ty, p, out)?);
        }
        self.joined(strings, n, out)
    }

    /// `old += v` on a String: `old` and `v` converted in turn, then joined.
    pub(crate) fn concat_assign(
        &mut self,
        old: Operand,
        (v, tv): (Operand, Type),
        site: usize,
        out: &mut Block,
    ) -> R<Operand> {
        let a = self.stringified(old, &Type::Class(STRING.into()), site, out)?;
        let b = self.stringified(v, &tv, site, out)?;
        self.joined(vec![a, b], site, out)
    }

    /// The operands of the String `+` chain rooted at `n`, left to right (javac's
    /// `StringConcat.collect`: nested String `+` that are not constants, parentheses skipped).
    fn concat_operands(&self, n: usize, parts: &mut Vec<usize>) {
        let n = self.strip_parens(n);
        let node = self.cx.node(n);
        let string_plus = node.k == "PLUS"
            && node.cv.is_none()
            && node.t.as_deref() == Some(STRING)
            && node.l.is_some()
            && node.r.is_some();
        match (string_plus, node.l, node.r) {
            (true, Some(l), Some(r)) => {
                self.concat_operands(l, parts);
                self.concat_operands(r, parts);
            }
            _ => parts.push(n),
        }
    }

    /// The non-null strings joined left to right by the model's concatenation.
    fn joined(&mut self, strings: Vec<Operand>, site: usize, out: &mut Block) -> R<Operand> {
        let string = Type::Class(STRING.into());
        let join = self.string_method(CONCATENATION, &[STRING, STRING], site)?;
        let mut it = strings.into_iter();
        let first = it.next().unwrap_or(Operand::Const(Literal::Null));
        let mut acc = first;
        for s in it {
            let call = Rvalue::Call {
                method: join,
                recv: None,
                args: vec![acc, s],
                virtual_call: false,
            };
            acc = self.let_temp(string.clone(), call, out);
        }
        Ok(acc)
    }

    /// String conversion (JLS 5.1.11) of `v` of type `ty`, as `StringConcatHelper.stringOf`
    /// does it: a primitive by `String.valueOf`, `null` (or a `toString()` that returns null)
    /// as "null", any other object by its class's `toString()`.
    fn stringified(&mut self, v: Operand, ty: &Type, site: usize, out: &mut Block) -> R<Operand> {
        let string = Type::Class(STRING.into());
        if let Some(prim) = self.value_of_type(ty) {
            return self.value_of(v, ty, &prim, site, out);
        }
        if *ty == Type::Null {
            return Ok(self.string_literal("null", out));
        }
        let is_null = self.let_temp(
            Type::Boolean,
            Rvalue::Binary(BinOp::Eq, v.clone(), Operand::Const(Literal::Null)),
            out,
        );
        let mut then_b = Vec::new();
        let then_v = self.string_literal("null", &mut then_b);
        let mut else_b = Vec::new();
        let else_v = if let Some(b) = box_of(ty) {
            let prim = primitive_of(b);
            let field = FieldRef {
                class: b.class.into(),
                name: sattar_heap::BOX_VALUE.into(),
            };
            let x = self.let_temp(prim.clone(), Rvalue::Read { obj: v, field }, &mut else_b);
            let want = self.value_of_type(&prim).unwrap_or(prim.clone());
            self.value_of(x, &prim, &want, site, &mut else_b)?
        } else if Self::is_string(ty) {
            v
        } else {
            let s = self.call_to_string(v, ty, site, &mut else_b)?;
            let null = self.let_temp(
                Type::Boolean,
                Rvalue::Binary(BinOp::Eq, s.clone(), Operand::Const(Literal::Null)),
                &mut else_b,
            );
            let mut null_b = Vec::new();
            let null_v = self.string_literal("null", &mut null_b);
            let value = Rvalue::Cond {
                cond: null,
                then_b: null_b,
                then_v: null_v,
                else_b: Vec::new(),
                else_v: s,
            };
            self.let_temp(string.clone(), value, &mut else_b)
        };
        let value = Rvalue::Cond {
            cond: is_null,
            then_b,
            then_v,
            else_b,
            else_v,
        };
        Ok(self.let_temp(string, value, out))
    }

    /// The parameter type of the `String.valueOf` that converts a primitive of type `ty`:
    /// `int` for the ints narrower than it.
    fn value_of_type(&self, ty: &Type) -> Option<Type> {
        match ty {
            Type::Boolean => Some(Type::Boolean),
            Type::Integer(IntKind::Char) => Some(Type::Integer(IntKind::Char)),
            Type::Integer(IntKind::Long) => Some(Type::Integer(IntKind::Long)),
            t if t.int_kind().is_some() => Some(Type::Int),
            _ => None,
        }
    }

    /// `String.valueOf(v)` for the primitive `v` of type `ty`, as parameter type `prim`.
    fn value_of(
        &mut self,
        v: Operand,
        ty: &Type,
        prim: &Type,
        site: usize,
        out: &mut Block,
    ) -> R<Operand> {
        let v = self.convert(v, ty, prim, out);
        let param = match prim {
            Type::Boolean => "boolean",
            Type::Integer(IntKind::Char) => "char",
            Type::Integer(IntKind::Long) => "long",
            _ => "int",
        };
        let method = self.string_method("valueOf", &[param], site)?;
        let call = Rvalue::Call {
            method,
            recv: None,
            args: vec![v],
            virtual_call: false,
        };
        Ok(self.let_temp(Type::Class(STRING.into()), call, out))
    }

    /// `v.toString()` on a non-null object of static type `ty`: the `toString()` the nearest
    /// class above `ty` declares. Object's (an identity hash) is not modelled.
    fn call_to_string(
        &mut self,
        v: Operand,
        ty: &Type,
        site: usize,
        out: &mut Block,
    ) -> R<Operand> {
        let Type::Class(c) = ty else {
            return Err(self.cx.unsupported(site, "string conversion of this value"));
        };
        let declared = self.decls.supertypes(c).iter().find_map(|s| {
            let own = self.decls.declared(s, "toString", &[]);
            own.or_else(|| self.decls.declared(s, crate::library::MODEL_TO_STRING, &[]))
        });
        let Some(method) = declared else {
            return Err(self
                .cx
                .unsupported(
                    site,
                    format!("string conversion of a {c}, whose toString() is Object's (an identity hash sattar does not model)"),
                )
                .with_help("declare toString() in the class, or convert its fields instead"));
        };
        let call = Rvalue::Call {
            method,
            recv: Some(v),
            args: Vec::new(),
            virtual_call: true,
        };
        Ok(self.let_temp(Type::Class(STRING.into()), call, out))
    }

    /// The String model's method `name(params…)`.
    fn string_method(&self, name: &str, params: &[&str], site: usize) -> R<MethodId> {
        let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
        self.decls.declared(STRING, name, &params).ok_or_else(|| {
            self.cx
                .error(site, format!("sattar's String model lacks {name}: a bug"))
        })
    }
}
