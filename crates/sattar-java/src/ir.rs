//! The intermediate representation of a Java subject: classes, methods, statements with stable
//! ids and spans, typed expressions. Every later stage (interpreter, encoder, instrumenter, ranking)
//! speaks in [`StmtId`]s.

use sattar_diag::{LineIndex, Pos};
pub use sattar_heap::IntKind;
use sattar_heap::{ClassSchema, FieldType, MethodSig, ObjId, Object, Schema, Value as HeapValue};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A statement's stable id: its 1-based position in source order over the whole file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StmtId(pub u32);

impl fmt::Display for StmtId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "s{}", self.0)
    }
}

/// A method's index in [`Program::methods`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MethodId(pub u32);

/// A byte range of the source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A type of the supported subset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `int`
    Int,
    /// `boolean`
    Boolean,
    /// `void` (method results only)
    Void,
    /// The type of `null`: assignable to every class.
    Null,
    /// A subject class, by qualified name (`LinkedList.Node`).
    Class(String),
    /// `long`, `char`, `short` or `byte` (never `int`: that is [`Type::Int`]).
    Integer(IntKind),
}

impl Type {
    /// The type of integer kind `k`.
    pub fn of_int(k: IntKind) -> Type {
        match k {
            IntKind::Int => Type::Int,
            k => Type::Integer(k),
        }
    }

    /// The integer type it is, if it is one (`int`, `long`, `char`, `short`, `byte`).
    pub fn int_kind(&self) -> Option<IntKind> {
        match self {
            Type::Int => Some(IntKind::Int),
            Type::Integer(k) => Some(*k),
            _ => None,
        }
    }

    /// The heap field type of a value type (`None` for `void` and the null type).
    pub fn field_type(&self) -> Option<FieldType> {
        match self {
            Type::Int => Some(FieldType::Int),
            Type::Boolean => Some(FieldType::Bool),
            Type::Class(c) => Some(FieldType::Ref(c.clone())),
            Type::Integer(k) => Some(FieldType::of_int(*k)),
            Type::Void | Type::Null => None,
        }
    }
    /// Whether a value of type `from` may be assigned to this type.
    pub fn accepts(&self, from: &Type) -> bool {
        self == from || (matches!(self, Type::Class(_)) && *from == Type::Null)
    }
    /// Whether this is a reference type (a class or the null type).
    pub fn is_ref(&self) -> bool {
        matches!(self, Type::Class(_) | Type::Null)
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int => f.write_str("int"),
            Type::Boolean => f.write_str("boolean"),
            Type::Void => f.write_str("void"),
            Type::Null => f.write_str("null"),
            Type::Class(c) => f.write_str(c),
            Type::Integer(k) => f.write_str(k.name()),
        }
    }
}

/// A source file's index in [`Program::files`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct FileId(pub u32);

/// One source file of a program.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as the user gave it.
    pub path: String,
    /// The text.
    pub text: String,
    /// Line starts, for positions.
    pub lines: LineIndex,
}

/// A field declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// Declared `private`.
    pub is_private: bool,
    /// Declared `final`.
    pub is_final: bool,
    /// The declaration's span.
    pub span: Span,
}

/// A literal constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// An int literal (or a `char`, `short`, `byte` constant, in its type's range).
    Int(i32),
    /// A `long` literal.
    Long(i64),
    /// `true` / `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// An enum constant: the object every run starts with, by its id (`Color.RED`).
    Constant(String),
}

/// What kind of type a class declaration declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClassKind {
    /// A class (abstract or not).
    Class,
    /// An interface.
    Interface,
    /// An enum.
    Enum,
}

/// A class, interface or enum of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// Qualified name as Java writes it: `pkg.Outer.Inner` (`Outer` in the default package).
    pub name: String,
    /// The JVM's binary name: `pkg.Outer$Inner`.
    pub binary: String,
    /// The file declaring it.
    pub file: FileId,
    /// Class, interface or enum.
    pub kind: ClassKind,
    /// Whether no object can be of exactly this class (abstract class or interface).
    pub is_abstract: bool,
    /// Declared `private`.
    pub is_private: bool,
    /// The superclass, if it is a class of the program (`None`: `Object` or an exception base).
    pub superclass: Option<String>,
    /// The interfaces it implements (or extends) among the program's.
    pub interfaces: Vec<String>,
    /// For an inner (non-static nested) class: its enclosing instance's class and the field
    /// holding it (javac's `this$0`, `this$1` one level deeper, …).
    pub outer: Option<Outer>,
    /// Its instance fields, in declaration order (inherited ones are the superclass's).
    pub fields: Vec<Field>,
    /// Its static fields that are state (compile-time constants are folded by javac).
    pub statics: Vec<Field>,
    /// An enum's constants, in declaration order (their ordinals).
    pub enum_constants: Vec<String>,
    /// Whether it only serves as an exception type (`class E extends RuntimeException {}`).
    pub is_exception: bool,
    /// Specification annotations on the class (`@Invariant`).
    pub annotations: Vec<SpecAnnotation>,
    /// The span of the declaration's name.
    pub span: Span,
    /// An array class's element type (`int` for `int[]`); its one field is then `length`.
    pub element: Option<Type>,
}

/// An inner class's enclosing instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outer {
    /// The enclosing instance's class.
    pub class: String,
    /// The field holding it.
    pub field: String,
}

impl Class {
    /// The named field declared here.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// The object id of an enum constant.
    pub fn constant_id(&self, constant: &str) -> String {
        format!("{}.{constant}", self.name)
    }
}

/// A `@Invariant`, `@Requires` or `@Ensures` annotation: each string with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecAnnotation {
    /// `Invariant`, `Requires` or `Ensures`.
    pub kind: String,
    /// Each string of the annotation, unescaped, with the position of its first character.
    pub items: Vec<(String, Pos)>,
}

/// A method parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: Type,
}

/// What a method is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MethodKind {
    /// Declared in the source, with a body.
    Source,
    /// Abstract (or an interface method without a body): only an entry of dispatch.
    Abstract,
    /// A constructor javac makes up (a class without one): runs the field initializers.
    DefaultConstructor,
    /// A method of the JDK the program calls, with sattar's model of it as its body (or
    /// `unsupported` when sattar has none).
    Library,
}

/// A method or constructor of a subject class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    /// Its id.
    pub id: MethodId,
    /// The qualified declaring class.
    pub class: String,
    /// The method's name (`<init>` for a constructor).
    pub name: String,
    /// Its parameters' erased types as the JVM names them: with the class and name, what a call
    /// and an override match on.
    pub descriptor: Vec<String>,
    /// Source, abstract, made up by javac, or a library model.
    pub kind: MethodKind,
    /// Whether it is static.
    pub is_static: bool,
    /// Declared `private`.
    pub is_private: bool,
    /// Its parameters.
    pub params: Vec<Param>,
    /// Its return type.
    pub ret: Type,
    /// Its body in the core IR (empty when abstract or unsupported).
    pub body: Body,
    /// Why sattar cannot analyse it, if it cannot (the first construct outside the language).
    pub unsupported: Option<sattar_diag::Diagnostic>,
    /// The file declaring it.
    pub file: FileId,
    /// Specification annotations on the method.
    pub annotations: Vec<SpecAnnotation>,
    /// The span of the method's name.
    pub span: Span,
    /// The span of its body's block `{ … }` in the source (`None` when it has none in the source:
    /// abstract, made up by javac or a model).
    pub body_span: Option<Span>,
}

impl Method {
    /// The parameters' types as Java names them (javac's erased types: `char`, `int[]`,
    /// `java.util.List`, `pkg.Outer.Inner`), also for types sattar does not model.
    pub fn param_type_names(&self) -> Vec<String> {
        if self.descriptor.len() != self.params.len() {
            return self.params.iter().map(|p| p.ty.to_string()).collect();
        }
        self.descriptor
            .iter()
            .map(|t| t.replace('$', "."))
            .collect()
    }

    /// Whether this is a constructor.
    pub fn is_constructor(&self) -> bool {
        self.name == "<init>"
    }
    /// `Class.name`.
    pub fn qualified_name(&self) -> String {
        format!("{}.{}", self.class, self.name)
    }
    /// Whether calls to it dispatch on the receiver's class.
    pub fn is_virtual(&self) -> bool {
        !self.is_static && !self.is_constructor() && !self.is_private
    }
}

// ---------------------------------------------------------------------------------- the core IR

/// A variable of a method body: a parameter, a local or a temporary, by index into [`Body::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId(pub u32);

/// What a variable is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// A parameter (the first variables of a body, in order).
    Param,
    /// A local variable of the source.
    Local,
    /// A temporary the lowering introduced: assigned once per evaluation, never relaxed by a core.
    Temp,
}

/// A variable's declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// Its source name (`$t3` for a temporary).
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// Parameter, local or temporary.
    pub kind: VarKind,
}

/// A label that `Break` leaves: a loop or a labelled block of one body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Label(pub u32);

/// A method body in the core IR: its variables and its code.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Body {
    /// Parameters first, then locals and temporaries.
    pub vars: Vec<Var>,
    /// The code.
    pub block: Block,
}

impl Body {
    /// The variable `v`.
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }
}

/// A sequence of core nodes.
pub type Block = Vec<Node>;

/// One core node and the source statement it came from (every node maps to exactly one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The source statement.
    pub stmt: StmtId,
    /// What it does.
    pub kind: NodeKind,
}

/// The core's statements. Every surface form lowers to these: loops to `Loop` with `Break`,
/// `continue` to a `Break` out of a `Labeled` body, compound assignment and `++` to a read, an
/// operation and an assignment, operands of calls and field accesses to temporaries, implicit
/// null checks to `NullCheck`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The source statement starts executing: it is covered and spends one step.
    Enter,
    /// The source statement is covered without a step (entering a `do … while`).
    Cover,
    /// `temp = value`: a temporary's only assignment per evaluation.
    Let {
        /// The temporary.
        var: VarId,
        /// What it holds.
        value: Rvalue,
    },
    /// A local's declaration: `T x;` (`init` `None`: the type's default) or `T x = init;`.
    Declare {
        /// The local.
        var: VarId,
        /// Its initial value.
        init: Option<Operand>,
    },
    /// `x = value` on a local or parameter.
    Assign {
        /// The variable.
        var: VarId,
        /// The new value.
        value: Operand,
    },
    /// `obj.field = value` (the null check on `obj` is an earlier `NullCheck`).
    Store {
        /// The object.
        obj: Operand,
        /// The field.
        field: FieldRef,
        /// The new value.
        value: Operand,
    },
    /// Throws `java.lang.NullPointerException` when the operand is null.
    NullCheck(Operand),
    /// Throws `java.lang.ArithmeticException` when the int operand (a divisor) is zero.
    ZeroCheck(Operand),
    /// Throws `java.lang.ArrayIndexOutOfBoundsException` unless `0 <= index < arr.length` (the
    /// array's null check is an earlier `NullCheck`).
    IndexCheck {
        /// The array.
        arr: Operand,
        /// The int index.
        index: Operand,
    },
    /// Throws `java.lang.NegativeArraySizeException` when the int operand (a length) is negative.
    SizeCheck(Operand),
    /// Throws `java.lang.ArrayStoreException` when `value` is an object its array's runtime
    /// element type does not accept (arrays are covariant: a `Node[]` variable may hold a
    /// `Sub[]`).
    StoreCheck {
        /// The array (a reference array).
        arr: Operand,
        /// The reference to store.
        value: Operand,
    },
    /// `System.arraycopy`'s copy (after the null, type and bounds checks): `len` elements of
    /// `src` from `src_pos` to `dest` from `dest_pos`, as through a temporary array (so
    /// overlapping ranges of one array copy correctly). Into a reference array, an element its
    /// runtime element class does not accept throws `ArrayStoreException` with the elements
    /// before it copied (the JDK's contract).
    ArrayCopy {
        /// The source array.
        src: Operand,
        /// The first source index.
        src_pos: Operand,
        /// The destination array.
        dest: Operand,
        /// The first destination index.
        dest_pos: Operand,
        /// How many elements.
        len: Operand,
    },
    /// `Arrays.fill`'s stores (after its checks): `arr[i] = value` for `from <= i < to`.
    ArrayFill {
        /// The array.
        arr: Operand,
        /// The first index.
        from: Operand,
        /// One past the last index.
        to: Operand,
        /// The value.
        value: Operand,
    },
    /// `arr[index] = value` (after the null, index and store checks).
    StoreElem {
        /// The array.
        arr: Operand,
        /// The int index.
        index: Operand,
        /// The new value.
        value: Operand,
    },
    /// Throws `java.lang.ClassCastException` when the operand is an object that is not a `class`
    /// (an explicit cast, or one javac inserts where erasure forgot a type).
    CheckCast {
        /// The reference.
        op: Operand,
        /// The class it must be an instance of.
        class: String,
    },
    /// `C.field = value` on a static field.
    StoreStatic {
        /// The field.
        field: FieldRef,
        /// The new value.
        value: Operand,
    },
    /// The branch condition of the source statement is `cond` (a boolean temporary): a branch
    /// event of the run, and the value a core may relax.
    Branch {
        /// The condition's temporary.
        cond: VarId,
    },
    /// `if (cond) then_b else else_b`.
    If {
        /// A boolean operand.
        cond: Operand,
        /// Taken when `cond` is true.
        then_b: Block,
        /// Taken when `cond` is false.
        else_b: Block,
    },
    /// `head` then `body`, repeated until a `Break` leaves it; bounded as the source loop
    /// (the node's statement) is: `k` whole iterations, then `head` once more, then the
    /// unwinding check.
    Loop {
        /// Its label.
        label: Label,
        /// The test part (empty for `do … while`).
        head: Block,
        /// The rest of an iteration.
        body: Block,
    },
    /// A block that `Break(label)` leaves (what `continue` becomes).
    Labeled {
        /// Its label.
        label: Label,
        /// Its code.
        body: Block,
    },
    /// Leaves the loop or labelled block `label`.
    Break(Label),
    /// Returns from the method, with a value unless it is void.
    Return(Option<Operand>),
    /// Throws a new exception of the named (qualified) class.
    Throw(String),
    /// `try { body } catch (…) { … } finally { … }`: an exception `body` throws goes to the first
    /// handler one of whose classes it is, and `finally` runs however `body` and the handler end
    /// (a return, a break, an exception are resumed after it unless it ends abruptly itself).
    Try {
        /// The guarded code.
        body: Block,
        /// The catch clauses, in order.
        handlers: Vec<Handler>,
        /// The `finally` block, if any.
        finally: Option<Block>,
    },
    /// `throw e;` of a catch parameter: the exception its handler caught, thrown again.
    Rethrow(VarId),
    /// The node's statement goes on after statements nested in one of its expressions (a switch
    /// expression's blocks): what follows belongs to its instance again.
    Resume,
}

/// A `catch` clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handler {
    /// The exception classes it catches (several for `catch (A | B e)`).
    pub classes: Vec<String>,
    /// The parameter: only rethrown (`throw e;`), never read as a value.
    pub param: VarId,
    /// The handler's code.
    pub body: Block,
}

/// A field, by its declaring class.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldRef {
    /// The qualified declaring class.
    pub class: String,
    /// The field's name.
    pub name: String,
}

/// An operand: no evaluation, no effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A variable.
    Var(VarId),
    /// `this`.
    This,
    /// A constant.
    Const(Literal),
}

/// What a temporary can hold: one operation on operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rvalue {
    /// An operand's value.
    Use(Operand),
    /// `-a` (wrapping) or `!a`.
    Unary(UnOp, Operand),
    /// `a op b` for the strict operators (never `&&`, `||`).
    Binary(BinOp, Operand, Operand),
    /// `obj.field` (the null check is an earlier `NullCheck`).
    Read {
        /// The object.
        obj: Operand,
        /// The field.
        field: FieldRef,
    },
    /// A conditional value: `then_b` then `then_v` when `cond` holds, else `else_b` then `else_v`.
    /// `c ? a : b`, `a && b` (`a ? b : false`) and `a || b` (`!a ? b : true`) lower to it.
    Cond {
        /// A boolean operand.
        cond: Operand,
        /// Evaluated when `cond` holds.
        then_b: Block,
        /// The value then.
        then_v: Operand,
        /// Evaluated otherwise.
        else_b: Block,
        /// The value otherwise.
        else_v: Operand,
    },
    /// `new C(args)`: a fresh object with its fields at their types' defaults (and an inner class's
    /// enclosing instance set), then the constructor (`None`: there is no code to run).
    New {
        /// The qualified class.
        class: String,
        /// The constructor.
        ctor: Option<MethodId>,
        /// Its arguments.
        args: Vec<Operand>,
        /// An inner class's enclosing instance.
        outer: Option<Operand>,
    },
    /// A call (the receiver's null check is an earlier `NullCheck`).
    Call {
        /// The method named by the call.
        method: MethodId,
        /// The receiver (`None` for a static method).
        recv: Option<Operand>,
        /// The arguments.
        args: Vec<Operand>,
        /// Whether the method that runs is chosen by the receiver's class (`false` for `super.m()`,
        /// private methods and constructors).
        virtual_call: bool,
    },
    /// `C.field`, a static field.
    ReadStatic(FieldRef),
    /// Boxing conversion (JLS 5.1.7, `Integer.valueOf(v)`): a primitive in an object of box
    /// class `class`. A value the class caches ([`sattar_heap::BoxClass::is_cached`]) is one shared
    /// object per run — the same whenever that value is boxed again; any other is a fresh object.
    Box {
        /// The box class.
        class: String,
        /// The primitive operand (an integer of the box's type, or a boolean).
        op: Operand,
    },
    /// An integer operand converted to integer type `to` (JLS 5.1.2, 5.1.3): widening keeps the
    /// value, narrowing keeps the low bits. Conversions among `int`, `char`, `short` and `byte`
    /// to `int` need none (their values are ints).
    Convert {
        /// The target type.
        to: IntKind,
        /// The integer operand.
        op: Operand,
    },
    /// `arr[index]` (after the null and index checks).
    Load {
        /// The array.
        arr: Operand,
        /// The int index.
        index: Operand,
    },
    /// `new T[len]`: a fresh array of class `class` (`T[]`) with `len` elements at `T`'s default
    /// (the size check is an earlier `SizeCheck`).
    NewArray {
        /// The array class.
        class: String,
        /// The int length.
        len: Operand,
    },
    /// A fresh array of `like`'s runtime class (an array; the generic `Arrays.copyOf`) with `len`
    /// elements at the default (the size check is an earlier `SizeCheck`).
    NewArrayLike {
        /// An array of the class to make.
        like: Operand,
        /// The int length.
        len: Operand,
    },
    /// `op instanceof C`.
    InstanceOf {
        /// The reference.
        op: Operand,
        /// The class.
        class: String,
    },
    /// A string literal or a constant expression of type String (JLS 3.10.5, 15.29): its
    /// UTF-16 code units. Literals are interned: the first evaluation in a run makes a String
    /// (and its `char[]`), every later one with the same chars gives that same object.
    Str(Vec<u16>),
}

impl Rvalue {
    /// The operands it reads directly (not those inside a conditional's blocks).
    pub fn operands(&self) -> Vec<&Operand> {
        match self {
            Rvalue::Use(a) | Rvalue::Unary(_, a) | Rvalue::Read { obj: a, .. } => vec![a],
            Rvalue::Binary(_, a, b) => vec![a, b],
            Rvalue::Cond {
                cond,
                then_v,
                else_v,
                ..
            } => vec![cond, then_v, else_v],
            Rvalue::New { args, outer, .. } => args.iter().chain(outer).collect(),
            Rvalue::Call { recv, args, .. } => recv.iter().chain(args).collect(),
            Rvalue::ReadStatic(_) | Rvalue::Str(_) => Vec::new(),
            Rvalue::Load { arr, index } => vec![arr, index],
            Rvalue::NewArray { len, .. } => vec![len],
            Rvalue::NewArrayLike { like, len } => vec![like, len],
            Rvalue::InstanceOf { op, .. } | Rvalue::Convert { op, .. } | Rvalue::Box { op, .. } => {
                vec![op]
            }
        }
    }
}

impl NodeKind {
    /// The operands it reads directly (not those of nested blocks).
    pub fn operands(&self) -> Vec<&Operand> {
        match self {
            NodeKind::Let { value, .. } => value.operands(),
            NodeKind::Declare { init, .. } => init.iter().collect(),
            NodeKind::Assign { value, .. } => vec![value],
            NodeKind::Store { obj, value, .. } => vec![obj, value],
            NodeKind::NullCheck(a) | NodeKind::ZeroCheck(a) | NodeKind::If { cond: a, .. } => {
                vec![a]
            }
            NodeKind::CheckCast { op, .. } | NodeKind::SizeCheck(op) => vec![op],
            NodeKind::IndexCheck { arr, index } => vec![arr, index],
            NodeKind::StoreCheck { arr, value } => vec![arr, value],
            NodeKind::StoreElem { arr, index, value } => vec![arr, index, value],
            NodeKind::ArrayCopy {
                src,
                src_pos,
                dest,
                dest_pos,
                len,
            } => vec![src, src_pos, dest, dest_pos, len],
            NodeKind::ArrayFill {
                arr,
                from,
                to,
                value,
            } => vec![arr, from, to, value],
            NodeKind::StoreStatic { value, .. } => vec![value],
            NodeKind::Return(v) => v.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The blocks nested in it, in evaluation order (a conditional value's too).
    pub fn blocks(&self) -> Vec<&Block> {
        match self {
            NodeKind::If { then_b, else_b, .. } => vec![then_b, else_b],
            NodeKind::Loop { head, body, .. } => vec![head, body],
            NodeKind::Labeled { body, .. } => vec![body],
            NodeKind::Try {
                body,
                handlers,
                finally,
            } => std::iter::once(body)
                .chain(handlers.iter().map(|h| &h.body))
                .chain(finally)
                .collect(),
            NodeKind::Let {
                value: Rvalue::Cond { then_b, else_b, .. },
                ..
            } => vec![then_b, else_b],
            _ => Vec::new(),
        }
    }
}

impl NodeKind {
    /// The blocks nested in it, mutably, in the order of [`NodeKind::blocks`].
    pub fn blocks_mut(&mut self) -> Vec<&mut Block> {
        match self {
            NodeKind::If { then_b, else_b, .. } => vec![then_b, else_b],
            NodeKind::Loop { head, body, .. } => vec![head, body],
            NodeKind::Labeled { body, .. } => vec![body],
            NodeKind::Try {
                body,
                handlers,
                finally,
            } => std::iter::once(body)
                .chain(handlers.iter_mut().map(|h| &mut h.body))
                .chain(finally)
                .collect(),
            NodeKind::Let {
                value: Rvalue::Cond { then_b, else_b, .. },
                ..
            } => vec![then_b, else_b],
            _ => Vec::new(),
        }
    }
}

/// The shared traversal: every node of `block` and of the blocks nested in it, in pre-order.
pub fn walk<'b>(block: &'b Block, f: &mut dyn FnMut(&'b Node)) {
    for n in block {
        f(n);
        for b in n.kind.blocks() {
            deep(|| walk(b, f));
        }
    }
}

/// Runs `f` with enough stack for one more level of recursion over the user's program (nesting
/// or recursive calls): the stack grows instead of overflowing.
pub fn deep<T>(f: impl FnOnce() -> T) -> T {
    stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, f)
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// Integer negation (wrapping).
    Neg,
    /// Boolean not.
    Not,
    /// Bitwise complement `~` (`-a - 1`).
    BitNot,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+` (wrapping in the operands' promoted type, `int` or `long`)
    Add,
    /// `-` (wrapping)
    Sub,
    /// `*` (wrapping)
    Mul,
    /// `==` on ints, booleans or references
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `&&` (short-circuit)
    And,
    /// `||` (short-circuit)
    Or,
    /// `/`: truncation toward zero, `MIN / -1 = MIN` (the zero check is an earlier `ZeroCheck`)
    Div,
    /// `%`: the dividend's sign, `MIN % -1 = 0` (the zero check is an earlier `ZeroCheck`)
    Rem,
    /// `&` on ints (bitwise) or booleans (both operands evaluated)
    BitAnd,
    /// `|` on ints or booleans
    BitOr,
    /// `^` on ints or booleans
    BitXor,
    /// `<<`, the distance masked to its low 5 bits (6 for a `long`)
    Shl,
    /// `>>` (arithmetic), the distance masked as for `<<`
    Shr,
    /// `>>>` (logical), the distance masked as for `<<`
    UShr,
}

impl BinOp {
    /// Whether it computes an int from ints (`+ - * / % & | ^ << >> >>>`; the bitwise three also
    /// apply to booleans).
    pub fn is_arithmetic(self) -> bool {
        use BinOp::*;
        !matches!(self, Eq | Ne | Lt | Le | Gt | Ge | And | Or)
    }

    /// Whether it is `&`, `|` or `^` (bitwise on ints, logical on booleans).
    pub fn is_bitwise(self) -> bool {
        matches!(self, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor)
    }

    /// The Java spelling.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::UShr => ">>>",
        }
    }
}

/// The kind of a statement, for reports and instrumentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StmtKind {
    /// A local declaration.
    Local,
    /// A field initializer (run by the constructors).
    Field,
    /// An assignment, `++`, `--`, `+=`, `-=`.
    Assign,
    /// A call or `new` for effect.
    Expr,
    /// `if`
    If,
    /// `while`
    While,
    /// `do … while`
    DoWhile,
    /// `for`
    For,
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// `return`
    Return,
    /// `throw`
    Throw,
    /// `assert c;` or `assert c : message;` (enabled, as tests run with `-ea`)
    Assert,
    /// `switch (e) { … }` (a statement; a switch *expression* belongs to its statement)
    Switch,
    /// `yield v;` in a switch expression's block
    Yield,
}

impl StmtKind {
    /// Whether the statement evaluates a branch condition.
    pub fn is_branch(self) -> bool {
        matches!(
            self,
            StmtKind::If
                | StmtKind::While
                | StmtKind::DoWhile
                | StmtKind::For
                | StmtKind::Assert
                | StmtKind::Switch
        )
    }
}

/// What every stage needs to know about a statement without walking the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StmtInfo {
    /// Its id.
    pub id: StmtId,
    /// The file it is in.
    pub file: FileId,
    /// The method it belongs to.
    pub method: MethodId,
    /// Its kind.
    pub kind: StmtKind,
    /// The whole statement's span (for a compound statement, including its body).
    pub span: Span,
    /// The span of its branch condition, for branch statements with a condition.
    pub cond: Option<Span>,
    /// 1-based line of its first character.
    pub line: u32,
    /// The statement as a reader would name it: `size = size - 1;`, `if (lst.key == k)`.
    pub text: String,
    /// Where the JVM bridge places this statement's probes.
    pub probe: Probe,
    /// The switches whose case tests this statement records (its own, for a `switch` statement;
    /// the switch expressions inside it otherwise), in source order.
    pub switches: Vec<SwitchProbe>,
}

/// The probe of a switch's case tests: the selector is passed through `Cov.w`, which records one
/// branch event per case group tested in order, until one matches (none for a null selector).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchProbe {
    /// The selector expression's span.
    pub selector: Span,
    /// Each case group's labels as Java source (`1`, `-3`, `pkg.Color.RED`); `default` has none.
    pub groups: Vec<Vec<String>>,
    /// Whether the selector is an object (an enum): compared by identity.
    pub objects: bool,
    /// Whether the probe also covers the statement and spends its step (a `switch` statement).
    pub steps: bool,
}

/// How the JVM bridge probes a statement, decided by the front end from the statement's syntax,
/// so that the instrumented source keeps its lines and javac's reachability analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// `{probe; stmt}`: a statement in statement position.
    Wrap,
    /// `probe, part`: an initializer or update expression of a `for` header.
    ForPart,
    /// A local with an initializer: the probe runs inside it (`x = probe(init)`); a `byte`,
    /// `short` or `char` variable, which an `int` constant may initialize, gets a cast back to
    /// its type (`x = (short) probe(init)`: the same value, as javac accepted the original).
    Init(Span, Option<IntKind>),
    /// A local without an initializer, or a field whose initializer is a constant (javac folds
    /// the uses of such a `final` field, so the probe may not touch the initializer): a probe
    /// statement (for a field, an initializer block) before the declaration.
    Before,
    /// An explicit `this()` or `super()` without arguments, before which Java allows nothing: a
    /// probe statement after it (covered and counted once the constructor called returns).
    After,
    /// A branch: the condition (the statement's `cond` span) becomes `probe && (cond)`.
    Cond,
    /// A loop whose test is absent or the constant `true`: a probe first in its body (`records`:
    /// a branch event for `true`), so javac sees the same loop.
    BodyStart {
        /// The loop body's span.
        body: Span,
        /// Whether the probe records a branch event.
        records: bool,
    },
    /// `do … while`: covered on entry (`{probe; stmt}`), and the condition probed as a branch.
    DoWhile,
    /// A branch whose condition introduces pattern variables (`o instanceof Leaf l`, JLS 6.3.1)
    /// when true or when false: the probe keeps the condition's `&&` (`||`) shape so the variables
    /// stay in scope, and the outcome that shape cannot record is recorded where control goes
    /// next (the start of `other`, or the end of a loop).
    Binds {
        /// Whether the variables are introduced when the condition is true.
        when_true: bool,
        /// The statement run on the outcome the condition cannot record: an `if`'s else-branch
        /// (`None` when it has none) when true, its then-branch when false; a loop's body when
        /// false (`None` when true: the outcome is recorded after the loop).
        other: Option<Span>,
        /// An `if` without `else` binding when true: its then-branch, braced so that the `else`
        /// added for the false outcome is its own (a nested `if` would take it).
        then: Option<Span>,
    },
    /// A `switch` statement: its first [`SwitchProbe`] covers it and spends its step.
    Switch,
    /// An enhanced `for`, run as JLS 14.14.2 desugars it, its test probed: over an array
    /// `for (sattar.Each e = sattar.Cov.each(expr); probe(e.more()); ) { var = e.next(); body }`,
    /// over an `Iterable` the same with `sattar.Cov.iter(expr)` (which asks for the iterator).
    ForEach {
        /// Whether the expression is an `Iterable` (not an array).
        iterable: bool,
        /// The loop variable's declaration (`final int x`).
        var: Span,
        /// Its type as written.
        ty: Span,
        /// The getter that reads an element of the array's type: `nextInt` for an `int[]`, …,
        /// `next` (cast to `ty`) for an array of references.
        getter: &'static str,
        /// The array expression.
        expr: Span,
        /// The body.
        body: Span,
    },
}

/// A parsed, checked Java subject: the source and its IR.
#[derive(Clone, Debug)]
pub struct Program {
    /// The source files, in the order they were given.
    pub files: Vec<SourceFile>,
    /// Every class, outer before nested, in source order (file after file).
    pub classes: Vec<Class>,
    /// Every method and constructor, indexed by [`MethodId`]: the source's in source order, then
    /// default constructors and library models.
    pub methods: Vec<Method>,
    /// Every statement, indexed by `StmtId.0 - 1`.
    pub stmts: Vec<StmtInfo>,
    /// Virtual dispatch: `(method called, receiver's class)` → the method that runs.
    pub dispatch: BTreeMap<(MethodId, String), MethodId>,
}

impl Program {
    /// Seals every method but `keep` as library code: only `keep`'s statements are covered,
    /// counted, relaxed or ranked (see `frontend::library::blame_only`).
    pub fn blame_only(&mut self, keep: MethodId) {
        crate::frontend::blame_only(self, keep);
    }

    /// Whether statement `s` belongs to library code (a model, or a method sealed by
    /// [`Program::blame_only`]): it has no probe and is never covered.
    pub fn is_sealed(&self, s: StmtId) -> bool {
        (s.0 as usize)
            .checked_sub(1)
            .and_then(|i| self.stmts.get(i))
            .and_then(|st| self.methods.get(st.method.0 as usize))
            .is_some_and(|m| m.kind == MethodKind::Library)
    }

    /// The named class (qualified, or simple when unambiguous).
    pub fn class(&self, name: &str) -> Option<&Class> {
        // Called on every `new` by the interpreter: look up directly, no schema built.
        if let Some(c) = self.classes.iter().find(|c| c.name == name) {
            return Some(c);
        }
        let mut simple = self
            .classes
            .iter()
            .filter(|c| c.name.rsplit('.').next() == Some(name));
        match (simple.next(), simple.next()) {
            (Some(c), None) => Some(c),
            _ => None,
        }
    }

    /// The method with this id.
    pub fn method(&self, id: MethodId) -> &Method {
        &self.methods[id.0 as usize]
    }

    /// The source file `id`.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The path of the file declaring method `m` (the first file for a library model).
    pub fn path_of(&self, m: MethodId) -> &str {
        &self.file(self.method(m).file).path
    }

    /// Methods named `name`, `Class.name` or `pkg.Class.name` (`Class.Class` names its
    /// constructors), optionally with parameter types to choose among overloads
    /// (`height(Entry)`, `f()`); declared in the source.
    pub fn find_methods(&self, name: &str) -> Vec<&Method> {
        let (name, params) = match name.split_once('(') {
            Some((n, rest)) => {
                let list: Vec<String> = rest
                    .trim_end_matches(')')
                    .split(',')
                    .map(|t| t.trim().to_string())
                    .filter(|t| !t.is_empty())
                    .collect();
                (n, Some(list))
            }
            None => (name, None),
        };
        let fits = |m: &Method| {
            params.as_ref().is_none_or(|ps| {
                let have = m.param_type_names();
                ps.len() == have.len()
                    && ps.iter().zip(&have).all(|(want, have)| {
                        let simple = |t: &str| t.rsplit(['.', '$']).next().unwrap_or(t).to_string();
                        simple(want.split('<').next().unwrap_or(want)) == simple(have)
                    })
            })
        };
        let (class, simple) = match name.rsplit_once('.') {
            Some((c, m)) => (Some(c), m),
            None => (None, name),
        };
        let in_class = |m: &Method, c: &str| m.class == c || m.class.ends_with(&format!(".{c}"));
        // A constructor: `Class.Class`, or `Class.<init>` as the JVM (and `sattar parse`) names it.
        let ctor =
            simple == "<init>" || class.is_some_and(|c| c.rsplit('.').next() == Some(simple));
        self.methods
            .iter()
            .filter(|m| m.kind == MethodKind::Source)
            .filter(|m| {
                if ctor {
                    m.is_constructor()
                } else {
                    m.name == simple && !m.is_constructor()
                }
            })
            .filter(|m| class.is_none_or(|c| in_class(m, c)))
            .filter(|m| fits(m))
            .collect()
    }

    /// The statement info of `id`.
    pub fn stmt(&self, id: StmtId) -> &StmtInfo {
        &self.stmts[id.0 as usize - 1]
    }

    /// The statements of one method, in id order.
    pub fn stmts_of(&self, m: MethodId) -> impl Iterator<Item = &StmtInfo> {
        self.stmts.iter().filter(move |s| s.method == m)
    }

    /// The line/column of a byte offset of file `file`.
    pub fn pos(&self, file: FileId, offset: usize) -> Pos {
        let f = self.file(file);
        f.lines.pos(&f.text, offset)
    }

    /// Whether a `sub` object is a `sup` (reflexive; every class is an `Object`; the JDK's
    /// throwables sattar knows by their superclasses).
    pub fn is_subclass(&self, sub: &str, sup: &str) -> bool {
        if sub == sup || sup == sattar_heap::OBJECT {
            return true;
        }
        // Arrays are covariant in a reference element type (JLS 4.10.3).
        let elements = (
            sattar_heap::element_type_name(sub),
            sattar_heap::element_type_name(sup),
        );
        if let (Some(a), Some(b)) = elements {
            let reference = |t: &str| !sattar_heap::is_primitive_name(t);
            return reference(a) && reference(b) && self.is_subclass(a, b);
        }
        let Some(c) = self.class(sub) else {
            return crate::jdk::superclass(sub).is_some_and(|s| self.is_subclass(s, sup));
        };
        c.superclass
            .iter()
            .chain(&c.interfaces)
            .any(|s| self.is_subclass(s, sup))
    }

    /// Every instance field of `class`, the superclasses' first (and an inner class's enclosing
    /// instance), each with the class declaring it.
    pub fn fields_of(&self, class: &str) -> Vec<(String, Field)> {
        let Some(c) = self.class(class) else {
            return Vec::new();
        };
        let mut out = match &c.superclass {
            Some(s) => self.fields_of(s),
            None => Vec::new(),
        };
        if c.kind == ClassKind::Enum {
            out.push((c.name.clone(), ordinal_field()));
        }
        if let Some(o) = &c.outer {
            let f = Field {
                name: o.field.clone(),
                ty: Type::Class(o.class.clone()),
                is_private: false,
                is_final: true,
                span: c.span,
            };
            out.push((c.name.clone(), f));
        }
        out.extend(c.fields.iter().map(|f| (c.name.clone(), f.clone())));
        out
    }

    /// Whether a virtual call of `m` that [`Program::resolve`] leaves without a target reaches a
    /// JDK method sattar does not model rather than an abstract one: in a program javac compiled
    /// only `Object`'s identity `hashCode()`/`toString()` lack a target, and no engine can say
    /// what they return (the interpreter refuses the run, the encoder counts it unfaithful).
    pub fn reaches_unmodelled(&self, m: MethodId) -> bool {
        self.method(m).class == sattar_heap::OBJECT
    }

    /// The method that runs when `m` is called on an object of class `class`: `m` itself unless it
    /// is virtual; `None` when the class has no implementation (an abstract method).
    pub fn resolve(&self, m: MethodId, class: &str) -> Option<MethodId> {
        if !self.method(m).is_virtual() {
            return Some(m);
        }
        self.dispatch.get(&(m, class.to_string())).copied()
    }

    /// The value of a static field that a heap does not list: its type's default.
    pub fn static_default(&self, field: &FieldRef) -> HeapValue {
        self.class(&field.class)
            .and_then(|c| c.statics.iter().find(|f| f.name == field.name))
            .and_then(|f| f.ty.field_type())
            .map_or(HeapValue::Null, |t| HeapValue::default_for(&t))
    }

    /// `input` with the objects every run starts with (enum constants) and every static field.
    pub fn with_environment(&self, input: &sattar_heap::TestInput) -> sattar_heap::TestInput {
        let mut out = input.clone();
        for (id, o) in self.environment() {
            out.heap.objects.entry(id).or_insert(o);
        }
        for c in &self.classes {
            for f in &c.statics {
                let key = format!("{}.{}", c.name, f.name);
                let d =
                    f.ty.field_type()
                        .map_or(HeapValue::Null, |t| HeapValue::default_for(&t));
                out.heap.statics.entry(key).or_insert(d);
            }
        }
        out
    }

    /// The objects every run starts with: each enum constant, with its ordinal, and each
    /// constant object of a model the program has (HashSet's `PRESENT`).
    pub fn environment(&self) -> Vec<(ObjId, Object)> {
        let mut out = Vec::new();
        for (class, field) in crate::library::MODEL_CONSTANTS {
            if self.class(class).is_some() && self.class(sattar_heap::OBJECT).is_some() {
                let object = Object {
                    class: sattar_heap::OBJECT.into(),
                    fields: BTreeMap::new(),
                };
                out.push((ObjId::new(format!("{class}.{field}")), object));
            }
        }
        for c in self.classes.iter().filter(|c| c.kind == ClassKind::Enum) {
            for (i, k) in c.enum_constants.iter().enumerate() {
                let mut fields: BTreeMap<String, HeapValue> = self
                    .fields_of(&c.name)
                    .into_iter()
                    .filter_map(|(_, f)| {
                        f.ty.field_type()
                            .map(|t| (f.name, HeapValue::default_for(&t)))
                    })
                    .collect();
                fields.insert(ORDINAL.into(), HeapValue::Int(i as i32));
                out.push((
                    ObjId::new(c.constant_id(k)),
                    Object {
                        class: c.name.clone(),
                        fields,
                    },
                ));
            }
        }
        out
    }

    /// The methods a run of `m` can reach: its calls, constructors, and every method a virtual
    /// call can dispatch to, `m` included, in id order.
    pub fn reachable(&self, m: MethodId) -> BTreeSet<MethodId> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![m];
        while let Some(x) = todo.pop() {
            if !seen.insert(x) {
                continue;
            }
            walk(&self.method(x).body.block, &mut |n| {
                if let NodeKind::Let { value, .. } = &n.kind {
                    match value {
                        Rvalue::Call {
                            method,
                            virtual_call,
                            ..
                        } => {
                            if !virtual_call {
                                todo.push(*method);
                            }
                            todo.extend(
                                self.dispatch
                                    .iter()
                                    .filter(|((called, _), _)| called == method)
                                    .map(|(_, target)| *target),
                            );
                        }
                        Rvalue::New { ctor: Some(c), .. } => todo.push(*c),
                        _ => {}
                    }
                }
            });
        }
        seen
    }

    /// The static fields a run of `m` can read or write (`pkg.Class.field`).
    pub fn statics_used(&self, m: MethodId) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for x in self.reachable(m) {
            walk(&self.method(x).body.block, &mut |n| {
                let field = match &n.kind {
                    NodeKind::StoreStatic { field, .. } => Some(field),
                    NodeKind::Let {
                        value: Rvalue::ReadStatic(field),
                        ..
                    } => Some(field),
                    _ => None,
                };
                if let Some(f) = field {
                    out.insert(format!("{}.{}", f.class, f.name));
                }
            });
        }
        out
    }

    /// Whether sattar can analyse `m`: `Err` with the first construct outside its language in
    /// `m` or a method `m` reaches.
    pub fn check_supported(&self, m: MethodId) -> Result<(), sattar_diag::Diagnostic> {
        match self
            .reachable(m)
            .into_iter()
            .find_map(|x| self.method(x).unsupported.clone())
        {
            Some(d) => Err(d),
            None => Ok(()),
        }
    }

    /// Whether class `name` is one of sattar's models of a JDK class (`java.util.ArrayList`,
    /// its iterator, `java.util.List`, …): library code, run on the JVM as the JDK's own.
    pub fn is_library_class(&self, name: &str) -> bool {
        self.classes.iter().any(|c| {
            c.name == name
                && self
                    .files
                    .get(c.file.0 as usize)
                    .is_some_and(|f| crate::library::is_model_path(&f.path))
        })
    }

    /// Whether the program names an array type (has an array class).
    pub fn has_arrays(&self) -> bool {
        self.classes.iter().any(|c| c.element.is_some())
    }

    /// The classes, their fields and static fields as a heap schema (exception-only classes left
    /// out).
    pub fn schema(&self) -> Schema {
        let mut s = Schema::default();
        for c in self.classes.iter().filter(|c| !c.is_exception) {
            let fields = self
                .fields_of(&c.name)
                .into_iter()
                .filter_map(|(_, f)| f.ty.field_type().map(|t| (f.name.clone(), t)))
                .collect();
            let statics = c
                .statics
                .iter()
                .filter_map(|f| f.ty.field_type().map(|t| (f.name.clone(), t)))
                .collect();
            let supertypes = c.superclass.iter().chain(&c.interfaces).cloned().collect();
            let class = ClassSchema {
                fields,
                supertypes,
                is_abstract: c.is_abstract || c.kind == ClassKind::Interface,
                statics,
                constants: c.enum_constants.iter().map(|k| c.constant_id(k)).collect(),
                element: c.element.as_ref().and_then(Type::field_type),
            };
            s.classes.insert(c.name.clone(), class);
        }
        s
    }

    /// The heap-level signature of a method.
    pub fn sig(&self, m: MethodId) -> MethodSig {
        let m = self.method(m);
        MethodSig {
            class: m.class.clone(),
            name: m.name.clone(),
            is_static: m.is_static,
            params: m
                .params
                .iter()
                .filter_map(|p| p.ty.field_type().map(|t| (p.name.clone(), t)))
                .collect(),
            ret: m.ret.field_type(),
        }
    }
}

/// The field of an enum constant holding its ordinal (`java.lang.Enum.ordinal`).
pub const ORDINAL: &str = "ordinal";

fn ordinal_field() -> Field {
    Field {
        name: ORDINAL.into(),
        ty: Type::Int,
        is_private: true,
        is_final: true,
        span: Span::default(),
    }
}
