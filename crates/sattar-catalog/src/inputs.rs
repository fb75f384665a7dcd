//! Test inputs for the bundled subjects, built from keys: a linked list `L0` holding keys in order,
//! a binary search tree `T0` built by inserting keys in order, and the bounded sets of inputs that
//! the differential tests (interpreter vs JVM vs SAT encoding) run on.

use sattar_heap::{Heap, ObjId, Object, TestInput, Value};

fn r(id: &str) -> Value {
    Value::Ref(ObjId::new(id))
}

fn obj(class: &str, fields: &[(&str, Value)]) -> Object {
    let fields = fields
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    Object {
        class: class.into(),
        fields,
    }
}

/// `LinkedList` `L0` with nodes `N0…` holding `keys`, `delete(k)`. `size` defaults to the number of
/// keys; `last_next` points the last node back at node `j` (a cycle).
pub fn list(keys: &[i32], size: Option<i32>, k: i32, last_next: Option<usize>) -> TestInput {
    let mut heap = Heap::default();
    let header = if keys.is_empty() {
        Value::Null
    } else {
        r("N0")
    };
    let size = Value::Int(size.unwrap_or(keys.len() as i32));
    heap.objects.insert(
        ObjId::new("L0"),
        obj("LinkedList", &[("header", header), ("size", size)]),
    );
    for (i, key) in keys.iter().enumerate() {
        let next = if i + 1 < keys.len() {
            r(&format!("N{}", i + 1))
        } else {
            last_next.map_or(Value::Null, |j| r(&format!("N{j}")))
        };
        let node = obj(
            "LinkedList.Node",
            &[("key", Value::Int(*key)), ("next", next)],
        );
        heap.objects.insert(ObjId::new(format!("N{i}")), node);
    }
    TestInput {
        this: Some(ObjId::new("L0")),
        args: vec![("k".into(), Value::Int(k))],
        heap,
    }
}

/// A BST node under construction: key, left, right, parent (node indices).
type Slot = (i32, Option<usize>, Option<usize>, Option<usize>);

/// `BinarySearchTree` `T0` built by inserting `keys` in order (nodes `N0…` in insertion order), `add(k)`.
pub fn bst(keys: &[i32], k: i32) -> TestInput {
    let mut nodes: Vec<Slot> = Vec::new();
    for &key in keys {
        let (mut parent, mut cur, mut left) = (None, (!nodes.is_empty()).then_some(0), false);
        while let Some(c) = cur {
            parent = Some(c);
            left = key < nodes[c].0;
            cur = if left { nodes[c].1 } else { nodes[c].2 };
        }
        nodes.push((key, None, None, parent));
        let new = nodes.len() - 1;
        match (parent, left) {
            (Some(p), true) => nodes[p].1 = Some(new),
            (Some(p), false) => nodes[p].2 = Some(new),
            (None, _) => {}
        }
    }
    let rf = |i: Option<usize>| i.map_or(Value::Null, |i| r(&format!("N{i}")));
    let mut heap = Heap::default();
    let root = rf((!nodes.is_empty()).then_some(0));
    let size = Value::Int(keys.len() as i32);
    heap.objects.insert(
        ObjId::new("T0"),
        obj("BinarySearchTree", &[("root", root), ("size", size)]),
    );
    for (i, (key, left, right, parent)) in nodes.iter().enumerate() {
        let fields = [
            ("key", Value::Int(*key)),
            ("left", rf(*left)),
            ("right", rf(*right)),
            ("parent", rf(*parent)),
        ];
        heap.objects.insert(
            ObjId::new(format!("N{i}")),
            obj("BinarySearchTree.Node", &fields),
        );
    }
    TestInput {
        this: Some(ObjId::new("T0")),
        args: vec![("k".into(), Value::Int(k))],
        heap,
    }
}

/// Every list of length ≤ 4 over keys 0..3 with every k in 0..4, plus cyclic and mis-sized ones.
pub fn list_inputs() -> Vec<TestInput> {
    let mut seqs: Vec<Vec<i32>> = vec![vec![]];
    for len in 1..=4 {
        let prev: Vec<Vec<i32>> = seqs
            .iter()
            .filter(|s| s.len() == len - 1)
            .cloned()
            .collect();
        for p in prev {
            for key in 0..3 {
                let mut s = p.clone();
                s.push(key);
                seqs.push(s);
            }
        }
    }
    let mut out: Vec<TestInput> = seqs
        .iter()
        .flat_map(|s| (0..4).map(move |k| list(s, None, k, None)))
        .collect();
    for s in seqs.iter().filter(|s| (2..=3).contains(&s.len())) {
        out.push(list(s, Some(7), 5, Some(0)));
        out.push(list(s, Some(-1), s[1], Some(1)));
    }
    out
}

/// All orderings of `len` distinct elements of `keys`.
fn permutations(keys: &[i32], len: usize) -> Vec<Vec<i32>> {
    if len == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(keys, len - 1) {
        for k in keys.iter().filter(|k| !p.contains(k)) {
            let mut q = p.clone();
            q.push(*k);
            out.push(q);
        }
    }
    out
}

/// BSTs from every insertion order of up to 4 keys of 1..=4 with k in 0..=5, plus cyclic ones.
pub fn bst_inputs() -> Vec<TestInput> {
    let mut out = Vec::new();
    for len in 0..=4 {
        for p in permutations(&[1, 2, 3, 4], len) {
            out.extend((0..=5).map(|k| bst(&p, k)));
        }
    }
    for p in permutations(&[2, 4], 2) {
        let mut t = bst(&p, 5);
        let nodes = t
            .heap
            .objects
            .values_mut()
            .filter(|o| o.class == "BinarySearchTree.Node");
        for o in nodes.filter(|o| o.fields.get("right") == Some(&Value::Null)) {
            o.fields.insert("right".into(), r("N0"));
        }
        out.push(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_sets_have_the_sizes_their_definitions_give() {
        // Lists: 1 + 3 + 9 + 27 + 81 = 121 key sequences × 4 values of k, plus 2 × (9 + 27) bad ones.
        assert_eq!(list_inputs().len(), 121 * 4 + 2 * 36);
        // BSTs: 1 + 4 + 12 + 24 + 24 = 65 insertion orders × 6 values of k, plus 2 cyclic ones.
        assert_eq!(bst_inputs().len(), 65 * 6 + 2);
    }

    #[test]
    fn bst_links_children_and_parents() {
        let t = bst(&[5, 3, 8], 1);
        let f = |o: &str, field: &str| t.heap.field(&ObjId::new(o), field).cloned();
        assert_eq!(f("N0", "left"), Some(r("N1")));
        assert_eq!(f("N0", "right"), Some(r("N2")));
        assert_eq!(f("N2", "parent"), Some(r("N0")));
        assert_eq!(f("T0", "size"), Some(Value::Int(3)));
    }
}
