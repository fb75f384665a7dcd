use sattar_catalog::inputs::list;
use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_java::parse_program;
use sattar_spec::{parse_spec, resolve};
use std::time::Instant;
fn main() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rel = "java-subjects/linkedlist/LinkedList.java";
    let p = parse_program(rel, &std::fs::read_to_string(root.join(rel)).unwrap()).unwrap();
    let m = p.find_methods("delete")[0].id;
    let s = parse_spec(
        "s",
        &std::fs::read_to_string(root.join("specs/linkedlist.spec")).unwrap(),
    )
    .unwrap();
    let rm = resolve(&s, &p.schema(), &p.sig(m), Some("postcond1")).unwrap();
    let arg: Vec<String> = std::env::args().collect();
    let scope: usize = arg.get(1).map_or(3, |a| a.parse().unwrap());
    let grouped = arg.get(2).is_some();
    let t = Instant::now();
    let mode = if grouped { Mode::Grouped } else { Mode::Direct };
    let keys: Vec<i32> = (0..scope as i32).collect();
    let input = list(&keys, None, 1, None);
    let pre = if grouped {
        PreSpec::Fixed(&input)
    } else {
        PreSpec::Free { scope }
    };
    let mut enc = encode(
        &p,
        m,
        &rm,
        pre,
        &EncodeOptions {
            mode,
            ..Default::default()
        },
    )
    .unwrap();
    println!(
        "encoded in {:?}, nodes {} width {}",
        t.elapsed(),
        enc.session.circuit().num_nodes(),
        enc.bounds.width
    );
    let v = enc.pre_ok();
    let f = enc.in_bounds();
    enc.session.assert_hard(v);
    enc.session.assert_hard(f);
    println!(
        "cnf in {:?}: vars {} clauses {}",
        t.elapsed(),
        enc.session.num_vars(),
        enc.session.num_clauses()
    );
    let g = enc.groups();
    let r = enc.session.solve(&g, &[]).unwrap();
    println!(
        "solved in {:?}: sat={}",
        t.elapsed(),
        matches!(r, sattar_sat::Outcome::Sat(_))
    );
}
