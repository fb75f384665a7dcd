//! What can go wrong when setting up or running a generation.

/// Why a finitization or a generation was refused. Every variant names what to fix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenError {
    /// A class name that is not in the schema (or a simple name matching several classes).
    #[error("unknown class `{name}`{}", hint(candidates))]
    UnknownClass {
        /// The name as given.
        name: String,
        /// Qualified classes it could mean (empty if none).
        candidates: Vec<String>,
    },
    /// A field the class does not declare.
    #[error("class `{class}` has no field `{field}` (fields: {known})")]
    UnknownField {
        /// The qualified class.
        class: String,
        /// The field as given.
        field: String,
        /// The fields it has, comma-separated.
        known: String,
    },
    /// A static field the class does not declare.
    #[error("class `{class}` has no static field `{field}` (static fields: {known})")]
    UnknownStatic {
        /// The qualified class.
        class: String,
        /// The field as given.
        field: String,
        /// The static fields it has, comma-separated.
        known: String,
    },
    /// A class given an object count or field domain that has no counted objects.
    #[error("class `{class}` gets no objects of its own: {reason}")]
    NotCounted {
        /// The qualified class.
        class: String,
        /// Why, and what to set instead.
        reason: String,
    },
    /// A parameter the method does not have.
    #[error("method `{method}` has no parameter `{name}` (parameters: {known})")]
    UnknownParam {
        /// The method's name.
        method: String,
        /// The parameter as given.
        name: String,
        /// The parameters it has, comma-separated.
        known: String,
    },
    /// A domain given for a field or parameter of another type.
    #[error("{what} has type `{found}`, not `{expected}`")]
    WrongType {
        /// `Class.field` or `parameter k`.
        what: String,
        /// The type the setter needs.
        expected: String,
        /// The declared type.
        found: String,
    },
    /// A domain value outside its integer type.
    #[error("the domain of {what} holds {value}, which is not a {ty} ({min}..={max}): drop it")]
    OutOfRange {
        /// The field, static or parameter.
        what: String,
        /// The value.
        value: i32,
        /// Its integer type.
        ty: &'static str,
        /// The type's smallest value.
        min: i64,
        /// The type's largest value.
        max: i64,
    },
    /// A domain with no values.
    #[error("the domain of {what} is empty: give at least one value")]
    EmptyDomain {
        /// `Class.field` or `parameter k`.
        what: String,
    },
    /// More objects than the generator represents.
    #[error("the finitization allows {total} objects in all, more than the {max} supported: lower the object counts")]
    TooManyObjects {
        /// Objects asked for.
        total: usize,
        /// The limit.
        max: usize,
    },
    /// The finitization was made for another method or schema.
    #[error("the finitization does not fit this method: {0}")]
    Mismatch(String),
    /// The inputs hold arrays, which the generator does not enumerate.
    #[error("the inputs hold arrays ({0}), which `gen` does not enumerate yet: `sattar check` and `sattar localize` find inputs with arrays through the SAT encoding")]
    Arrays(String),
    /// A constraint the generator cannot evaluate on a pre-state.
    #[error("constraint `{constraint}` cannot be used for generation: {reason}")]
    Unsupported {
        /// The constraint's name.
        constraint: String,
        /// Why.
        reason: String,
    },
    /// Integer arithmetic in a constraint left the 64-bit range on some candidate.
    #[error("integer overflow while evaluating constraint `{constraint}`: narrow the int domains")]
    Overflow {
        /// The constraint's name.
        constraint: String,
    },
    /// The search explored more candidates than allowed.
    #[error(
        "gave up after exploring {explored} candidates (the budget): raise it or lower the scope"
    )]
    BudgetExceeded {
        /// Candidates explored before stopping.
        explored: u64,
    },
}

fn hint(candidates: &[String]) -> String {
    match candidates {
        [] => String::new(),
        many => format!(" (ambiguous: {})", many.join(", ")),
    }
}
