// HCL highlighting for CodeMirror 6: a stream tokenizer (comments, strings and heredocs with
// ${…} and %{…} templates, numbers, keywords, function calls, block types and attributes).
import { StreamLanguage } from "@codemirror/language";

const KEYWORDS = new Set(["for", "in", "if", "else", "endif", "endfor"]);
const ATOMS = new Set(["true", "false", "null"]);
const TYPES = new Set([
  "string", "number", "bool", "any", "list", "map", "set", "object", "tuple", "optional",
]);

function top(state) {
  return state.stack[state.stack.length - 1];
}

// Inside a quoted string or a heredoc body: text up to the next `${`, `%{` or the end.
function templateText(stream, state, frame) {
  if (frame.kind === "heredoc" && stream.sol()) {
    const line = stream.string.trim();
    if (line === frame.marker) {
      stream.skipToEnd();
      state.stack.pop();
      return "string.special";
    }
  }
  if (stream.match("${") || stream.match("%{")) {
    state.stack.push({ kind: "interp", depth: 0 });
    return "meta";
  }
  while (!stream.eol()) {
    const ch = stream.peek();
    if (frame.kind === "string" && ch === '"') {
      if (stream.current().length > 0) return "string";
      stream.next();
      state.stack.pop();
      return "string";
    }
    if (frame.kind === "string" && ch === "\\") {
      stream.next();
      stream.next();
      continue;
    }
    if ((ch === "$" || ch === "%") && /[{]/.test(stream.string.charAt(stream.pos + 1))) {
      if (stream.string.charAt(stream.pos - 1) !== ch) break;
    }
    stream.next();
  }
  if (stream.current().length === 0) {
    stream.next();
  }
  return "string";
}

export const hcl = StreamLanguage.define({
  name: "hcl",
  startState: () => ({ stack: [], comment: false }),
  copyState: (state) => ({
    stack: state.stack.map((frame) => ({ ...frame })),
    comment: state.comment,
  }),
  token(stream, state) {
    if (state.comment) {
      if (stream.skipTo("*/")) {
        stream.match("*/");
        state.comment = false;
      } else {
        stream.skipToEnd();
      }
      return "comment";
    }
    const frame = top(state);
    if (frame && (frame.kind === "string" || frame.kind === "heredoc")) {
      return templateText(stream, state, frame);
    }
    if (stream.eatSpace()) return null;
    if (stream.match("#") || stream.match("//")) {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.match("/*")) {
      state.comment = true;
      return "comment";
    }
    if (stream.match('"')) {
      state.stack.push({ kind: "string" });
      return "string";
    }
    const heredoc = stream.match(/^<<-?([A-Za-z_][A-Za-z0-9_-]*)/);
    if (heredoc) {
      stream.skipToEnd();
      state.stack.push({ kind: "heredoc", marker: heredoc[1] });
      return "string.special";
    }
    if (stream.match(/^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/)) return "number";
    if (frame && frame.kind === "interp") {
      if (stream.peek() === "{") frame.depth += 1;
      if (stream.peek() === "}") {
        if (frame.depth === 0) {
          stream.next();
          state.stack.pop();
          return "meta";
        }
        frame.depth -= 1;
      }
      if (stream.match("~}")) {
        state.stack.pop();
        return "meta";
      }
    }
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_-]*(::[A-Za-z_][A-Za-z0-9_-]*)*/);
    if (word) {
      const name = word[0];
      if (KEYWORDS.has(name)) return "keyword";
      if (ATOMS.has(name)) return "atom";
      if (stream.match(/^\s*\(/, false)) {
        return TYPES.has(name) ? "typeName" : "variableName.function";
      }
      if (TYPES.has(name)) return "typeName";
      if (stream.match(/^\s*=(?![=>])/, false) || stream.match(/^\s*:(?!:)/, false)) {
        return "propertyName";
      }
      if (stream.match(/^\s*("[^"]*"\s*)*\{/, false) && stream.column() === stream.indentation()) {
        return "keyword";
      }
      return "variableName";
    }
    if (stream.match(/^(==|!=|<=|>=|&&|\|\||=>|\.\.\.|[-+*\/%<>!?:=])/)) return "operator";
    if (stream.match(/^[[\](){}]/)) return "bracket";
    stream.next();
    return "punctuation";
  },
  languageData: { commentTokens: { line: "#", block: { open: "/*", close: "*/" } } },
});
