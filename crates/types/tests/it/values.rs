//! The `Value` API: constructors, accessors, marks at every depth, in-place map updates.

use terrace_types::{Marks, Type, Value, format_value};

use crate::build::*;

#[test]
fn strings_are_nfc() {
    assert_eq!(s("e\u{301}"), s("\u{e9}"));
    assert_eq!(s("e\u{301}").as_str(), Some("\u{e9}"));
    let m = map(Type::Number, [("e\u{301}", n(1))]);
    assert_eq!(m.map_get("\u{e9}"), Some(&n(1)));
}

#[test]
fn accessors() {
    let o = obj([("a", n(1))]);
    assert_eq!(o.get_attr("a"), Some(&n(1)));
    assert_eq!(o.get_attr("b"), None);
    assert_eq!(o.map_get("a"), None);
    let t = tup([s("x"), s("y")]);
    assert_eq!(t.index(1), Some(&s("y")));
    assert_eq!(t.index(2), None);
    assert_eq!(t.length(), Some(2));
    assert_eq!(Value::unknown(Type::String).length(), None);
}

#[test]
fn marks_at_every_depth() {
    let v = tup([n(1), obj([("a", sensitive(s("x")))])]);
    assert!(!v.is_marked());
    assert!(v.has_mark_deep(Marks::SENSITIVE));
    assert_eq!(v.marks_deep(), Marks::SENSITIVE);
    let (plain, marks) = v.clone().unmark_deep();
    assert_eq!(marks, Marks::SENSITIVE);
    assert!(!plain.has_mark_deep(Marks::SENSITIVE));
    assert_eq!(plain, tup([n(1), obj([("a", s("x"))])]));

    let marked = plain.mark_deep(Marks::SENSITIVE);
    assert!(marked.is_marked());
    assert_eq!(marked.index(0).unwrap().marks(), Marks::SENSITIVE);
    assert_eq!(
        marked.index(1).unwrap().get_attr("a").unwrap().marks(),
        Marks::SENSITIVE
    );
    // Sets keep their marks on the set itself.
    let set_value = set(Type::String, [s("a")]).mark_deep(Marks::SENSITIVE);
    assert_eq!(set_value.marks(), Marks::SENSITIVE);
    assert_eq!(set_value.as_seq().unwrap()[0].marks(), Marks::NONE);
    let set_value = set(Type::String, [sensitive(s("a")), s("b")]);
    assert_eq!(set_value.marks(), Marks::SENSITIVE);
    assert!(set_value.as_seq().unwrap().iter().all(|e| !e.is_marked()));
}

#[test]
fn map_insert_updates_the_only_copy() {
    let m = map(Type::Number, [("b", n(2))]);
    let shared = m.clone();
    let m = m.map_insert("a", n(1)).map_insert("b", n(3));
    assert_eq!(format_value(&m), "tomap({\n  \"a\" = 1\n  \"b\" = 3\n})");
    // The clone taken before is unchanged.
    assert_eq!(format_value(&shared), "tomap({\n  \"b\" = 2\n})");
    // Not a map: unchanged.
    assert_eq!(obj([]).map_insert("a", n(1)), obj([]));
}
