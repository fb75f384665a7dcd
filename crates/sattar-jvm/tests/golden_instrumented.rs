//! The instrumented text of every bundled variant is byte for byte what it was before the core IR
//! (tests/golden/out/instrumented, recorded from the tree-sitter front end): probes are placed from
//! the front end's statement spans alone.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::Catalog;

#[test]
fn instrumented_text_of_every_bundled_variant_is_unchanged() {
    let c = Catalog::bundled().expect("bundled catalog");
    let golden = c.root.join("tests/golden/out/instrumented");
    let mut variants = vec![
        (
            "sll".to_string(),
            "java-subjects/linkedlist/LinkedList.java".to_string(),
            None,
        ),
        (
            "bst".to_string(),
            "java-subjects/bst/BinarySearchTree.java".to_string(),
            None,
        ),
    ];
    // The paper's one-file subjects, recorded before the core IR (the real subjects came after).
    variants.extend(
        c.faults
            .iter()
            .filter(|f| f.subject.ends_with(".java"))
            .map(|f| (f.id.clone(), f.subject.clone(), Some(f))),
    );
    for (name, rel, fault) in variants {
        let text = match fault {
            Some(f) => c.faulty_source(f).expect("fault applies"),
            None => c.read(&rel).expect("subject"),
        };
        let p = sattar_java::parse_program(&rel, &text).unwrap_or_else(|e| panic!("{}", e[0]));
        let want =
            std::fs::read_to_string(golden.join(format!("{name}.java"))).expect("golden file");
        assert_eq!(sattar_jvm::instrument(&p).remove(0).1, want, "{name}");
    }
}
