//! `Marks`: annotations carried by values (`sensitive`, `ephemeral`) that flow to every result computed from them.

/// A set of value marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Marks(u8);

impl Marks {
    /// No marks.
    pub const NONE: Marks = Marks(0);
    /// The value is sensitive: the console shows `(sensitive value)`.
    pub const SENSITIVE: Marks = Marks(1);
    /// The value is ephemeral (not persisted).
    pub const EPHEMERAL: Marks = Marks(2);
    /// The value comes from the console-only `type()` (Terraform's `TypeType` mark): the
    /// console prints the type it holds, or refuses a result that only contains one.
    pub const TYPE_TYPE: Marks = Marks(4);

    /// True when no mark is set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when every mark in `other` is also in `self`.
    pub fn contains(self, other: Marks) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of both sets.
    pub fn union(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }

    /// `self` without the marks in `other`.
    pub fn without(self, other: Marks) -> Marks {
        Marks(self.0 & !other.0)
    }

    /// True when the sensitive mark is set.
    pub fn is_sensitive(self) -> bool {
        self.contains(Marks::SENSITIVE)
    }
}

impl std::ops::BitOr for Marks {
    type Output = Marks;
    fn bitor(self, rhs: Marks) -> Marks {
        self.union(rhs)
    }
}

impl std::ops::BitOrAssign for Marks {
    fn bitor_assign(&mut self, rhs: Marks) {
        *self = self.union(rhs);
    }
}
