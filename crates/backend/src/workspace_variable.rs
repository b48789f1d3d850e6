//! `WorkspaceVariable`: an input variable an HCP Terraform / Terraform Enterprise workspace holds (category "terraform"), as the `cloud` block's console takes it.

use crate::secret::Secret;

/// A variable of category "terraform" stored in an HCP Terraform workspace. The API never
/// gives a sensitive variable's value back: `value` is then `None` (Terraform's console
/// uses an unknown value for it, with a warning).
///
/// ```
/// use terrace_backend::WorkspaceVariable;
///
/// let v = WorkspaceVariable { key: "zones".into(), value: Some("[\"a\"]".into()), hcl: true, sensitive: false };
/// assert!(v.hcl && v.value.is_some());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct WorkspaceVariable {
    /// The variable's name.
    pub key: String,
    /// The value as stored: literal text, or an HCL expression when `hcl`; `None` when
    /// sensitive.
    pub value: Option<String>,
    /// The value is an HCL expression (`hcl = true` in the workspace), else a string.
    pub hcl: bool,
    /// Marked sensitive in the workspace.
    pub sensitive: bool,
}

impl std::fmt::Debug for WorkspaceVariable {
    /// The value is redacted: a workspace variable may be a credential that was not marked
    /// sensitive.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkspaceVariable")
            .field("key", &self.key)
            .field(
                "value",
                &self.value.as_ref().map(|v| Secret::new(v.clone())),
            )
            .field("hcl", &self.hcl)
            .field("sensitive", &self.sensitive)
            .finish()
    }
}
