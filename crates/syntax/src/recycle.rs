//! Spare allocations: the vectors and boxes of dropped trees, kept per thread
//! for the next parse to fill.
//!
//! A tree is made of many small vectors and boxes (a file of the real-world
//! corpus has about seventy), and allocating and freeing them was a quarter of
//! the instructions of parsing. When a tree is dropped, its [`Body`](crate::Body),
//! [`Block`](crate::Block) and [`Expr`] destructors hand their emptied
//! allocations to this thread's spares instead of freeing them; the parser
//! takes from the spares before it asks the allocator. So a thread that parses
//! file after file, or reparses a file it has changed (the formatter over a
//! directory, an editor, the benchmark), allocates once and reuses the room.
//! A tree that is kept gets nothing back and costs nothing more.
//!
//! The spares are bounded: at most [`KEPT`] of each kind, each vector with
//! room for at most [`MAX_ROOM`] elements (larger ones are freed, so a tree
//! built from spares holds little more room than a fresh one would).

use std::cell::RefCell;
use std::thread::LocalKey;

use crate::ast::{
    BlockLabel, BodyItem, Expr, ExprKind, FunctionCall, ObjectItem, Step, TemplatePart,
};

/// The most spares kept of each kind, per thread.
const KEPT: usize = 1024;
/// Vectors with room for more elements than this are freed, not kept.
const MAX_ROOM: usize = 8;

/// A thread's spares of one kind.
type Spares<T> = RefCell<Vec<T>>;

thread_local! {
    static STEPS: Spares<Vec<Step>> = const { RefCell::new(Vec::new()) };
    static EXPRS: Spares<Vec<Expr>> = const { RefCell::new(Vec::new()) };
    static BODY_ITEMS: Spares<Vec<BodyItem>> = const { RefCell::new(Vec::new()) };
    static LABELS: Spares<Vec<BlockLabel>> = const { RefCell::new(Vec::new()) };
    static OBJECT_ITEMS: Spares<Vec<ObjectItem>> = const { RefCell::new(Vec::new()) };
    static TEMPLATE_PARTS: Spares<Vec<TemplatePart>> = const { RefCell::new(Vec::new()) };
    static EXPR_BOXES: Spares<Box<Expr>> = const { RefCell::new(Vec::new()) };
    static CALL_BOXES: Spares<Box<FunctionCall>> = const { RefCell::new(Vec::new()) };
}

/// An allocation kept in this thread's spares once emptied.
pub(crate) trait Spare: Sized + 'static {
    /// Where this thread keeps spares of this kind.
    fn spares() -> &'static LocalKey<Spares<Self>>;
}

macro_rules! spare {
    ($($ty:ty => $key:ident),* $(,)?) => {$(
        impl Spare for $ty {
            fn spares() -> &'static LocalKey<Spares<Self>> {
                &$key
            }
        }
    )*};
}

spare! {
    Vec<Step> => STEPS,
    Vec<Expr> => EXPRS,
    Vec<BodyItem> => BODY_ITEMS,
    Vec<BlockLabel> => LABELS,
    Vec<ObjectItem> => OBJECT_ITEMS,
    Vec<TemplatePart> => TEMPLATE_PARTS,
    Box<Expr> => EXPR_BOXES,
    Box<FunctionCall> => CALL_BOXES,
}

/// A spare of kind `T`, if this thread has one.
#[inline]
fn take<T: Spare>() -> Option<T> {
    T::spares()
        .try_with(|spares| spares.try_borrow_mut().ok()?.pop())
        .ok()
        .flatten()
}

/// Keep `spare` (already emptied) for a later [`take`]; freed when the
/// spares are full or the thread is ending.
#[inline]
fn keep<T: Spare>(spare: T) {
    let refused = T::spares().try_with(|spares| match spares.try_borrow_mut() {
        Ok(mut spares) if spares.len() < KEPT => {
            spares.push(spare);
            None
        }
        _ => Some(spare),
    });
    // Emptied, so freeing it runs no destructor that could come back here.
    drop(refused);
}

/// An empty vector, with room from a dropped tree when there is a spare.
#[inline]
pub(crate) fn vec<T>() -> Vec<T>
where
    Vec<T>: Spare,
{
    take().unwrap_or_default()
}

/// Drop the elements of `vec` and keep its room as a spare.
#[inline]
pub(crate) fn give_vec<T>(mut vec: Vec<T>)
where
    Vec<T>: Spare,
{
    if vec.capacity() == 0 || vec.capacity() > MAX_ROOM {
        return;
    }
    // The elements' destructors may give spares of their own: the spares
    // are not borrowed while they run.
    vec.clear();
    keep(vec);
}

/// `Box::new(value)`, in a spare box when there is one.
#[inline]
pub(crate) fn boxed<T>(value: T) -> Box<T>
where
    Box<T>: Spare,
{
    match take::<Box<T>>() {
        Some(mut spare) => {
            // Drops what the spare still held: a placeholder expression,
            // which owns nothing, or a call's name.
            *spare = value;
            spare
        }
        None => Box::new(value),
    }
}

/// Drop the expression in `boxed` and keep the box as a spare.
#[inline]
pub(crate) fn give_box(mut boxed: Box<Expr>) {
    *boxed = Expr::placeholder();
    keep(boxed);
}

/// Drop the arguments in `call` and keep the box as a spare. The spare
/// keeps its name (a shared string) until it is reused.
#[inline]
fn give_call(mut call: Box<FunctionCall>) {
    give_vec(std::mem::take(&mut call.args));
    keep(call);
}

/// Whether dropping an expression of this kind gives back spares.
#[inline]
pub(crate) fn has_spares(kind: &ExprKind) -> bool {
    !matches!(
        kind,
        ExprKind::Literal(_) | ExprKind::SplatItem | ExprKind::For(_)
    )
}

/// Give back the vectors and boxes of an expression being dropped.
pub(crate) fn give_expr_kind(kind: ExprKind) {
    match kind {
        ExprKind::ScopeTraversal { steps, .. } => give_vec(steps),
        ExprKind::RelativeTraversal { source, steps } => {
            give_box(source);
            give_vec(steps);
        }
        ExprKind::TupleCons(items) => give_vec(items),
        ExprKind::ObjectCons(items) => give_vec(items),
        ExprKind::Template(template) => give_vec(template.parts),
        ExprKind::FunctionCall(call) => give_call(call),
        ExprKind::Unary { operand, .. } | ExprKind::Parens(operand) => give_box(operand),
        ExprKind::Binary { lhs, rhs, .. } => {
            give_box(lhs);
            give_box(rhs);
        }
        ExprKind::Splat { source, each, .. } => {
            give_box(source);
            give_box(each);
        }
        ExprKind::Conditional {
            cond,
            true_expr,
            false_expr,
        } => {
            give_box(cond);
            give_box(true_expr);
            give_box(false_expr);
        }
        ExprKind::Literal(_) | ExprKind::SplatItem | ExprKind::For(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each test runs on its own thread, so it starts without spares.
    fn on_fresh_thread(test: impl FnOnce() + Send + 'static) {
        std::thread::spawn(test)
            .join()
            .expect("the test thread panicked");
    }

    #[test]
    fn a_given_vector_comes_back_empty_with_its_room() {
        on_fresh_thread(|| {
            let mut steps: Vec<Step> = Vec::with_capacity(4);
            steps.push(crate::Step {
                kind: crate::StepKind::LegacyIndex("0".into()),
                span: crate::Span::default(),
            });
            let room = steps.as_ptr();
            give_vec(steps);
            let again: Vec<Step> = vec();
            assert!(again.is_empty());
            assert_eq!(again.as_ptr(), room);
            assert_eq!(again.capacity(), 4);
        });
    }

    #[test]
    fn large_vectors_are_freed_not_kept() {
        on_fresh_thread(|| {
            give_vec(Vec::<Step>::with_capacity(MAX_ROOM + 1));
            assert_eq!(vec::<Step>().capacity(), 0);
        });
    }

    #[test]
    fn at_most_kept_spares_of_a_kind() {
        on_fresh_thread(|| {
            for _ in 0..KEPT + 10 {
                give_vec(Vec::<BlockLabel>::with_capacity(1));
            }
            let kept = LABELS.with(|spares| spares.borrow().len());
            assert_eq!(kept, KEPT);
        });
    }

    #[test]
    fn a_given_box_drops_its_expression_at_once() {
        on_fresh_thread(|| {
            let name: crate::Name = "shared".into();
            let expr = Expr::new(
                ExprKind::Literal(crate::Literal::String(name.clone())),
                crate::Span::default(),
            );
            give_box(Box::new(expr));
            // Only `name` is left: the spare box holds a placeholder.
            assert_eq!(std::sync::Arc::strong_count(&name), 1);
            let reused = boxed(Expr::placeholder());
            assert!(matches!(reused.kind, ExprKind::SplatItem));
        });
    }
}
