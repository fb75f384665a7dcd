//! Bounded-exhaustive generation of test inputs, in the manner of Korat (Boyapati, Khurshid,
//! Marinov, ISSTA 2002): every input (receiver heap plus arguments) that satisfies a method's
//! class invariant and precondition within a [`Finitization`], one per isomorphism class.
//!
//! The search runs on partial candidates and evaluates the spec three-valued, so a candidate is
//! pruned as soon as its set fields already violate the spec, and only fields the spec reads
//! are ever enumerated (lazy initialization). Korat's isomorphism breaking numbers objects in
//! the order they are reached. Constraints that must hold also narrow the fields they mention
//! (`c.parent = n` fixes a parent pointer, `l.key < n.key` bounds keys), which Korat does not do.
//!
//! Inputs range over the class structure of real Java: a reference of a declared type holds an
//! object of any concrete class that is one (interfaces, abstract classes, `Object` and
//! `Comparable` from erased generics), the receiver is of any concrete class that is the
//! method's, enum constants are fixed objects of every heap (named by their ids, left out of the
//! generated heap as `Program::with_environment` adds them), static fields are enumerated as part
//! of the pre-state, and an inner object's enclosing instance is never null.
//!
//! ```
//! use sattar_gen::{Finitization, Generator};
//! # use sattar_java::parse_program;
//! # use sattar_spec::{parse_spec, resolve};
//! # let root = sattar_catalog::find_root().expect("bundle");
//! # let java = std::fs::read_to_string(root.join("java-subjects/bst/BinarySearchTree.java")).unwrap();
//! # let spec_text = std::fs::read_to_string(root.join("specs/bst.spec")).unwrap();
//! # let program = parse_program("BinarySearchTree.java", &java).unwrap();
//! # let method = program.find_methods("add")[0].id;
//! # let spec = parse_spec("bst.spec", &spec_text).unwrap();
//! let schema = program.schema();
//! let rm = resolve(&spec, &schema, &program.sig(method), Some("postcond1")).unwrap();
//! // binary search trees with exactly 3 nodes, keys 0..3, size 3, and add(k) for k = 0
//! let mut fin = Finitization::for_method(&schema, &rm, 3)?;
//! fin.exactly("Node", 3)?
//!     .int_field("BinarySearchTree", "size", [3])?
//!     .int_arg("k", [0])?;
//! let generator = Generator::new(&schema, &rm, &fin)?;
//! assert_eq!(generator.count()?, 5); // Catalan(3)
//! let first = &generator.inputs()?[0];
//! assert_eq!(first.this.as_ref().map(|t| t.as_str()), Some("BinarySearchTree0"));
//! # Ok::<(), sattar_gen::GenError>(())
//! ```

mod compile;
mod error;
mod finitization;
mod generator;
mod layout;
mod logic;
mod output;
mod partial_eval;
mod propagate;
mod search;
mod state;
mod value;

pub use error::GenError;
pub use finitization::{Count, Finitization};
pub use generator::{Found, Generator};
pub use search::Stats;
