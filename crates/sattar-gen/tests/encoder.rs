//! The generator against the SAT encoder's free pre-state: on a package with an interface-typed
//! field, an inner class, an enum field and static fields, the inputs the encoder enumerates as
//! valid (`pre_ok`, blocking each one found until none is left) are, up to isomorphism, exactly
//! the inputs the generator produces — with no spec (only Java's implicit constraints) and with
//! a spec over statics, enum constants and class extents. Ints are bounded alike: the encoder's
//! by its bitwidth, the generator's by a finitization of the same range.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{canonical, method_subject, program, Subject};
use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_gen::{Finitization, Generator};
use sattar_heap::FieldType;
use sattar_java::{MethodId, Program};
use sattar_sat::Outcome;
use std::collections::BTreeSet;

const SHOP: &[(&str, &str)] = &[
    (
        "shop/Item.java",
        "package shop;\npublic interface Item { int price(); }\n",
    ),
    (
        "shop/Book.java",
        "package shop;
public class Book implements Item {
    int pages;
    public int price() { return pages; }
}
",
    ),
    (
        "shop/Pen.java",
        "package shop;
public class Pen implements Item {
    boolean red;
    public int price() { return red ? 1 : 0; }
}
",
    ),
    (
        "shop/Size.java",
        "package shop;\npublic enum Size { S, L }\n",
    ),
    (
        "shop/Cart.java",
        "package shop;
public class Cart {
    static int served;
    static Item featured;
    Item item;
    Size size;
    Line line;
    class Line { Item what; }
    int total() {
        served = served + 1;
        if (item == null) { return 0; }
        return item.price();
    }
}
",
    ),
];

/// Every valid input of the encoder's free pre-state, canonically named, and how many models.
fn encoder_inputs(
    p: &Program,
    m: MethodId,
    s: &Subject,
    scope: usize,
    width: usize,
) -> (BTreeSet<String>, usize) {
    let opts = EncodeOptions {
        mode: Mode::Direct,
        bitwidth: Some(width),
        unroll: Some(1),
        ..EncodeOptions::default()
    };
    let mut enc = encode(p, m, &s.rm, PreSpec::Free { scope }, &opts).unwrap();
    let ok = enc.pre_ok();
    enc.session.assert_hard(ok);
    let (mut forms, mut models) = (BTreeSet::new(), 0);
    while let Outcome::Sat(model) = enc.session.solve(&[], &[]).unwrap() {
        forms.insert(canonical(&enc.decode(&model).input));
        enc.block_input(&model);
        models += 1;
    }
    (forms, models)
}

/// The generator's inputs at `scope` with every int ranging over the `width`-bit ints,
/// canonically named; none isomorphic to another.
fn generator_inputs(s: &Subject, scope: usize, width: usize) -> BTreeSet<String> {
    let top = (1i32 << (width - 1)) - 1;
    let ints = -top - 1..=top;
    let mut fin = Finitization::for_method(&s.schema, &s.rm, scope).unwrap();
    for (class, cs) in &s.schema.classes {
        let is_int = |ty: &FieldType| *ty == FieldType::Int;
        let counted = !cs.is_abstract && cs.constants.is_empty();
        for (field, _) in cs.fields.iter().filter(|(_, t)| counted && is_int(t)) {
            fin.int_field(class, field, ints.clone()).unwrap();
        }
        for (field, _) in cs.statics.iter().filter(|(_, t)| is_int(t)) {
            fin.int_static(class, field, ints.clone()).unwrap();
        }
    }
    for (name, _) in s.rm.sig.params.iter().filter(|(_, t)| *t == FieldType::Int) {
        fin.int_arg(name, ints.clone()).unwrap();
    }
    let inputs = Generator::new(&s.schema, &s.rm, &fin)
        .unwrap()
        .inputs()
        .unwrap();
    let forms: BTreeSet<String> = inputs.iter().map(canonical).collect();
    assert_eq!(
        forms.len(),
        inputs.len(),
        "isomorphic inputs were generated"
    );
    forms
}

fn agree(spec: Option<&str>, scope: usize, width: usize) -> usize {
    let p = program(SHOP);
    let (s, m) = method_subject(&p, "Cart.total", spec);
    let gen = generator_inputs(&s, scope, width);
    let (enc, models) = encoder_inputs(&p, m, &s, scope, width);
    let only_gen: Vec<&String> = gen.difference(&enc).take(3).collect();
    let only_enc: Vec<&String> = enc.difference(&gen).take(3).collect();
    assert!(
        only_gen.is_empty() && only_enc.is_empty(),
        "generator only: {only_gen:#?}\nencoder only: {only_enc:#?}"
    );
    eprintln!("{} inputs, {models} models", gen.len());
    gen.len()
}

/// Scope 1, no spec: Java's implicit constraints only (types, a non-null enclosing instance,
/// enum constants, statics), ints of 2 bits.
#[test]
fn without_a_spec_the_encoder_and_the_generator_agree() {
    let n = agree(None, 1, 2);
    assert!(n > 1000, "{n}");
}

/// Scope 2 with a spec over statics, enum constants, class extents and an interface-typed
/// field, ints of 4 bits (the spec keeps them small).
#[test]
fn with_a_spec_the_encoder_and_the_generator_agree() {
    let spec = "spec Cart {
      invariant served: Cart.served >= 0 && Cart.served <= 1
      invariant pages: all b: Book | b.pages > 0 && b.pages < 2
      invariant sized: this.size = Size.L => this.item in Book
      invariant featured: Cart.featured in Pen
      invariant lines: all l: Line | l.what = this.item
      invariant few: #Item <= 2
      invariant oneLine: lone Line
      method total() {}
    }";
    let n = agree(Some(spec), 2, 4);
    assert!(n > 100, "{n}");
}

/// Multiplication in the spec, with negative factors: ints of 3 bits (-4..3) whose products need
/// 6 bits, so the encoder must compute the spec's arithmetic wider than the code's ints.
#[test]
fn multiplication_in_the_spec_agrees() {
    let spec = "spec Cart {
      invariant square: Cart.served * Cart.served <= 1
      invariant pages: all b: Book | b.pages * -3 >= Cart.served * 2
      method total() {}
    }";
    let n = agree(Some(spec), 1, 3);
    assert!(n > 10, "{n}");
}
