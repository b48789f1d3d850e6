//! HCL's JSON syntax in modules: `.tf.json` files mixed with `.tf`, overrides across the two syntaxes, `.tfvars.json`.

use crate::module::{errors, eval, load, render};

#[test]
fn json_and_hcl_files_form_one_module() {
    let module = load("json_mixed");
    assert_eq!(errors(&module), Vec::<String>::new());
    // Terraform 1.15.5 on the same directory.
    assert_eq!(
        eval(
            &module,
            "[var.region, var.names, var.settings, var.sizes, var.literal]"
        ),
        r#"[
  "us-${east}-1",
  tolist([
    "x",
    "y",
    "z",
  ]),
  {
    "name" = "big"
    "size" = 3
    "tags" = tomap({
      "env" = "dev"
    })
  },
  tolist([
    1,
    2.5,
    10000000000000000000001,
  ]),
  "${not interpolated}",
]"#
    );
    assert_eq!(
        eval(
            &module,
            "[local.greeting, local.count, local.numbers, local.nested, local.upper]"
        ),
        r#"[
  "hello us-${east}-1, ${escaped}",
  3,
  [
    1,
    2.5,
    1000,
    -0.5,
    12345678901234567890123,
  ],
  {
    "a" = {
      "b" = [
        true,
        false,
        null,
      ]
    }
    "us-${east}-1" = "dynamic key"
  },
  "XYZ",
]"#
    );
    insta::assert_snapshot!("json_mixed", render(&module));
    let blocks = ["terraform_data.web", "terraform_data.db"]
        .map(|address| module.render_blocks(address).unwrap())
        .join("\n");
    insta::assert_snapshot!("json_mixed_blocks", blocks);
}
