//! Document symbols (blocks with their labels, nested; attributes inside) and folding ranges
//! (blocks, multi-line collections and heredocs), from the document's own parse.

use lsp_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};
use terrace_syntax::{Block, Body, BodyItem, Expr, ExprKind};

use crate::position::LineIndex;

/// The symbol kind of a block type.
fn kind_of(block_type: &str) -> SymbolKind {
    match block_type {
        "variable" => SymbolKind::VARIABLE,
        "output" => SymbolKind::PROPERTY,
        "locals" => SymbolKind::NAMESPACE,
        "module" => SymbolKind::MODULE,
        "resource" | "data" | "ephemeral" => SymbolKind::CLASS,
        "provider" => SymbolKind::INTERFACE,
        "terraform" => SymbolKind::PACKAGE,
        _ => SymbolKind::OBJECT,
    }
}

/// A block's name: its labels joined with `.` (`terraform_data.server`), or its type.
pub fn block_name(block: &Block) -> String {
    if block.labels.is_empty() {
        block.block_type.as_str().to_string()
    } else {
        block
            .labels
            .iter()
            .map(|label| &*label.value)
            .collect::<Vec<_>>()
            .join(".")
    }
}

/// The symbols of `body`.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written out.
pub fn document_symbols(text: &str, index: &LineIndex, body: &Body) -> Vec<DocumentSymbol> {
    body.items
        .iter()
        .map(|item| match item {
            BodyItem::Block(block) => DocumentSymbol {
                name: block_name(block),
                detail: Some(block.block_type.as_str().to_string()),
                kind: kind_of(block.block_type.as_str()),
                tags: None,
                deprecated: None,
                range: index.range(text, block.span.range()),
                selection_range: index.range(
                    text,
                    block.block_type.span.start as usize
                        ..block.open_brace.start.max(block.block_type.span.end) as usize,
                ),
                children: Some(document_symbols(text, index, &block.body)),
            },
            BodyItem::Attribute(attr) => DocumentSymbol {
                name: attr.name.as_str().to_string(),
                detail: None,
                kind: SymbolKind::FIELD,
                tags: None,
                deprecated: None,
                range: index.range(text, attr.span.range()),
                selection_range: index.range(text, attr.name.span.range()),
                children: None,
            },
        })
        .collect()
}

/// The folding ranges of `body`: blocks, and expressions over several lines.
pub fn folding_ranges(index: &LineIndex, body: &Body) -> Vec<FoldingRange> {
    let mut out = Vec::new();
    fold_body(index, body, &mut out);
    out
}

fn push(out: &mut Vec<FoldingRange>, index: &LineIndex, start: u32, end: u32) {
    let (a, b) = (index.line_of(start as usize), index.line_of(end as usize));
    if b > a {
        out.push(FoldingRange {
            start_line: a as u32,
            start_character: None,
            end_line: (b - 1) as u32,
            end_character: None,
            kind: Some(FoldingRangeKind::Region),
            collapsed_text: None,
        });
    }
}

fn fold_body(index: &LineIndex, body: &Body, out: &mut Vec<FoldingRange>) {
    for item in &body.items {
        match item {
            BodyItem::Block(block) => {
                push(out, index, block.open_brace.start, block.close_brace.start);
                fold_body(index, &block.body, out);
            }
            BodyItem::Attribute(attr) => fold_expr(index, &attr.expr, out),
        }
    }
}

fn fold_expr(index: &LineIndex, expr: &Expr, out: &mut Vec<FoldingRange>) {
    match &expr.kind {
        ExprKind::TupleCons(items) => {
            push(out, index, expr.span.start, expr.span.end.saturating_sub(1));
            for item in items {
                fold_expr(index, item, out);
            }
        }
        ExprKind::ObjectCons(items) => {
            push(out, index, expr.span.start, expr.span.end.saturating_sub(1));
            for item in items {
                fold_expr(index, &item.value, out);
            }
        }
        ExprKind::Template(_) | ExprKind::For(_) | ExprKind::FunctionCall(_) => {
            push(out, index, expr.span.start, expr.span.end.saturating_sub(1));
        }
        _ => {}
    }
}
