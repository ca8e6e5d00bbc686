import type { SyntaxLanguage } from "../../text/languages.js";

/**
 * What a declaration declares, the same words for every language;
 * "variable" is a named value outside any function (a constant, a macro, a
 * module-level assignment).
 */
export type DeclarationKind =
  | "function"
  | "method"
  | "class"
  | "struct"
  | "enum"
  | "interface"
  | "trait"
  | "impl"
  | "module"
  | "type"
  | "variable";

/**
 * How one syntax node type reads as a declaration. Rules are data: the walker
 * in declarations-of.ts applies them the same way for every language.
 */
export interface DeclarationRule {
  readonly kind: DeclarationKind;
  /** The word that labels it in an enclosing path: "fn" in `impl Parser › fn parse_args` ("" for none: Python's `TIMEOUT = 5`). */
  readonly keyword: string;
  /**
   * Where the name is: a field of the node (default "name"), with `types`
   * only a node of one of them (`a.b = …` names `a.b`, `a[i] = …` nothing);
   * `declarator` follows C/C++ declarator fields down to the identifier;
   * `fields` joins several fields (Rust's `impl Display for Parser`);
   * `child` is the first child of one of these types, for a grammar that
   * gives the name no field (Kotlin's).
   */
  readonly name?:
    | { readonly field: string; readonly types?: readonly string[] }
    | { readonly declarator: true }
    | { readonly fields: readonly string[]; readonly joiner: string }
    | { readonly child: readonly string[] };
  /**
   * Only when this field is present (and, with `types`, one of these node
   * types; `descend` follows the field repeatedly, through C's pointer
   * declarators): `struct s *p` uses a struct, `struct s { … }` declares one.
   */
  readonly when?: {
    readonly field: string;
    readonly types?: readonly string[];
    readonly descend?: boolean;
  };
  /**
   * The fields the path label shows instead of the name alone, joined by a
   * space: Go's method is `func (s *Store) Get`, its receiver naming the type.
   */
  readonly labelFields?: readonly string[];
  /**
   * Never inside a function: in a body, C++ reads `std::lock_guard<M> lock(mu);`
   * (a local built with arguments) exactly as it reads a prototype.
   */
  readonly outsideFunctions?: true;
}

/** One language's rules: node type → how it reads as a declaration. */
export interface LanguageRules {
  readonly declarations: Readonly<Record<string, readonly DeclarationRule[]>>;
  /** Nodes wrapping a declaration whose start is the declaration's (decorators, `export`, `template <…>`). */
  readonly wrappers: readonly string[];
  /** Comment node types: adjacent comments above a declaration are its doc comment. */
  readonly comments: readonly string[];
  /** Node types between a doc comment and its declaration (Rust's `#[derive]`, C#'s `[Attr]`). */
  readonly attributes: readonly string[];
  /** The doc is the first string statement of the body (Python's docstring). */
  readonly docstring?: true;
  /**
   * The node types that are a declaration's body, for a grammar that gives
   * the body no field (Kotlin's `class_body`, `function_body`).
   */
  readonly bodies?: readonly string[];
  /**
   * Nodes that end with the comments below them, read through their last
   * child: Kotlin's grammar keeps the KDoc of a file's first declaration in
   * the package header, or in the last import, above it.
   */
  readonly holdTrailingComments?: readonly string[];
  /**
   * Functions without a name (JavaScript's callbacks and arrow functions):
   * what is declared inside one is its local, as in a named function.
   * Except in one that stands for its module, the child of one of
   * `moduleParents` (read through `through`): `export default (option,
   * Dayjs) => {…}` (a plugin), or `(function () {…})()`, called where it is
   * written; what those declare is the module's.
   */
  readonly anonymousFunctions?: {
    readonly types: readonly string[];
    readonly moduleParents: readonly string[];
    readonly through: readonly string[];
  };
}

// A function inside one of these is a method.
export const MEMBER_OWNERS: ReadonlySet<DeclarationKind> = new Set([
  "class",
  "struct",
  "enum",
  "interface",
  "trait",
  "impl",
]);

const rule = (
  kind: DeclarationKind,
  keyword: string,
  extra: Omit<DeclarationRule, "kind" | "keyword"> = {},
): readonly DeclarationRule[] => [{ kind, keyword, ...extra }];

const C_FUNCTION = {
  field: "declarator",
  types: ["function_declarator"],
  descend: true,
};
const HAS_BODY = { field: "body" };
const C_FAMILY: LanguageRules = {
  declarations: {
    function_definition: rule("function", "fn", { name: { declarator: true } }),
    // Prototypes: `int parse(const char *);`, and methods declared in a class.
    declaration: rule("function", "fn", {
      name: { declarator: true },
      when: C_FUNCTION,
      outsideFunctions: true,
    }),
    field_declaration: rule("method", "fn", {
      name: { declarator: true },
      when: C_FUNCTION,
    }),
    struct_specifier: rule("struct", "struct", { when: HAS_BODY }),
    union_specifier: rule("struct", "union", { when: HAS_BODY }),
    enum_specifier: rule("enum", "enum", { when: HAS_BODY }),
    class_specifier: rule("class", "class", { when: HAS_BODY }),
    namespace_definition: rule("module", "namespace"),
    preproc_def: rule("variable", "#define"),
    preproc_function_def: rule("function", "#define"),
  },
  // `typedef struct buffer { … } buffer_t;` declares the struct.
  wrappers: ["template_declaration", "type_definition"],
  comments: ["comment"],
  attributes: [],
};

const FUNCTION_VALUE = {
  field: "value",
  types: ["arrow_function", "function_expression", "function"],
};
const CLASS_VALUE = { field: "value", types: ["class"] };
const ASSIGNED_NAME = {
  field: "left",
  types: ["identifier", "member_expression"],
};
const JAVASCRIPT: LanguageRules = {
  declarations: {
    function_declaration: rule("function", "function"),
    generator_function_declaration: rule("function", "function"),
    class_declaration: rule("class", "class"),
    method_definition: rule("method", "method"),
    // `handle = (req) => …` in a class body: a method by another syntax.
    field_definition: rule("method", "method", {
      name: { field: "property" },
      when: FUNCTION_VALUE,
    }),
    variable_declarator: [
      // `const handler = (req) => …`: a function by another syntax.
      ...rule("function", "function", { when: FUNCTION_VALUE }),
      ...rule("class", "class", { when: CLASS_VALUE }),
      // `export const MAX_RETRIES = 3`, `const fs = require("fs")`: a named
      // value of the module, as Python's `TIMEOUT = 5` and Go's `const`
      // are; not a function's locals, not a destructuring pattern.
      ...rule("variable", "", {
        when: { field: "name", types: ["identifier"] },
        outsideFunctions: true,
      }),
    ],
    // `res.redirect = function redirect(url) {…}`, `exports.json = …`,
    // `Router.prototype.handle = …`: how CommonJS modules and prototypes
    // declare. Named by what is assigned (`res.redirect`, which declares
    // `redirect` too); in a function body it is a local's doing.
    assignment_expression: [
      ...rule("class", "class", {
        name: ASSIGNED_NAME,
        when: { field: "right", types: ["class"] },
        outsideFunctions: true,
      }),
      ...rule("function", "function", {
        name: ASSIGNED_NAME,
        when: { field: "right", types: FUNCTION_VALUE.types },
        outsideFunctions: true,
      }),
    ],
  },
  wrappers: [
    "export_statement",
    "lexical_declaration",
    "variable_declaration",
    "expression_statement",
  ],
  comments: ["comment"],
  attributes: ["decorator"],
  anonymousFunctions: {
    types: FUNCTION_VALUE.types,
    moduleParents: ["export_statement", "call_expression"],
    through: ["parenthesized_expression"],
  },
};
const TYPESCRIPT: LanguageRules = {
  ...JAVASCRIPT,
  declarations: {
    ...JAVASCRIPT.declarations,
    abstract_class_declaration: rule("class", "class"),
    public_field_definition: rule("method", "method", { when: FUNCTION_VALUE }),
    interface_declaration: rule("interface", "interface"),
    enum_declaration: rule("enum", "enum"),
    internal_module: rule("module", "namespace"),
    module: rule("module", "module"),
    type_alias_declaration: rule("type", "type"),
    method_signature: rule("method", "method"),
    abstract_method_signature: rule("method", "method"),
    function_signature: rule("function", "function"),
  },
};

const SWIFT_KIND = (keyword: string) => ({
  field: "declaration_kind",
  types: [keyword],
});
const KOTLIN_TYPE_NAME = { name: { child: ["type_identifier"] } } as const;
const SCALA_VALUE = {
  name: { field: "pattern", types: ["identifier"] },
  outsideFunctions: true,
} as const;

/**
 * The declaration rules of every language with a grammar. Languages without
 * one (grammar-files.ts) have no entry.
 */
export const LANGUAGE_RULES: Readonly<
  Partial<Record<SyntaxLanguage, LanguageRules>>
> = {
  python: {
    declarations: {
      function_definition: rule("function", "def"),
      class_definition: rule("class", "class"),
      // `DEFAULT_TIMEOUT = 5` in a module or class body; not `a.b = …`.
      assignment: rule("variable", "", {
        name: { field: "left" },
        when: { field: "left", types: ["identifier"] },
        outsideFunctions: true,
      }),
    },
    wrappers: ["decorated_definition", "expression_statement"],
    comments: ["comment"],
    attributes: [],
    docstring: true,
  },
  javascript: JAVASCRIPT,
  typescript: TYPESCRIPT,
  tsx: TYPESCRIPT,
  go: {
    declarations: {
      function_declaration: rule("function", "func"),
      method_declaration: rule("method", "func", {
        labelFields: ["receiver", "name"],
      }),
      type_spec: [
        {
          kind: "struct",
          keyword: "type",
          when: { field: "type", types: ["struct_type"] },
        },
        {
          kind: "interface",
          keyword: "type",
          when: { field: "type", types: ["interface_type"] },
        },
        { kind: "type", keyword: "type" },
      ],
      type_alias: rule("type", "type"),
      method_elem: rule("method", "func"),
      const_spec: rule("variable", "const", { outsideFunctions: true }),
      var_spec: rule("variable", "var", { outsideFunctions: true }),
    },
    wrappers: ["type_declaration"],
    comments: ["comment"],
    attributes: [],
  },
  rust: {
    declarations: {
      function_item: rule("function", "fn"),
      function_signature_item: rule("function", "fn"),
      struct_item: rule("struct", "struct"),
      union_item: rule("struct", "union"),
      enum_item: rule("enum", "enum"),
      trait_item: rule("trait", "trait"),
      impl_item: rule("impl", "impl", {
        name: { fields: ["trait", "type"], joiner: " for " },
      }),
      // `mod parser;` only names a file; `mod parser { … }` declares a module.
      mod_item: rule("module", "mod", { when: HAS_BODY }),
      macro_definition: rule("function", "macro_rules!"),
      type_item: rule("type", "type"),
      const_item: rule("variable", "const", { outsideFunctions: true }),
      static_item: rule("variable", "static", { outsideFunctions: true }),
    },
    wrappers: [],
    comments: ["line_comment", "block_comment"],
    attributes: ["attribute_item"],
  },
  java: {
    declarations: {
      class_declaration: rule("class", "class"),
      record_declaration: rule("class", "record"),
      interface_declaration: rule("interface", "interface"),
      annotation_type_declaration: rule("interface", "@interface"),
      enum_declaration: rule("enum", "enum"),
      method_declaration: rule("method", "method"),
      constructor_declaration: rule("method", "constructor"),
    },
    wrappers: [],
    comments: ["block_comment", "line_comment"],
    attributes: [],
  },
  c: C_FAMILY,
  cpp: C_FAMILY,
  csharp: {
    declarations: {
      namespace_declaration: rule("module", "namespace"),
      file_scoped_namespace_declaration: rule("module", "namespace"),
      class_declaration: rule("class", "class"),
      record_declaration: rule("class", "record"),
      struct_declaration: rule("struct", "struct"),
      interface_declaration: rule("interface", "interface"),
      enum_declaration: rule("enum", "enum"),
      method_declaration: rule("method", "method"),
      constructor_declaration: rule("method", "constructor"),
    },
    wrappers: [],
    comments: ["comment"],
    attributes: ["attribute_list"],
  },
  ruby: {
    declarations: {
      module: rule("module", "module"),
      class: rule("class", "class"),
      method: rule("method", "def"),
      singleton_method: rule("method", "def"),
    },
    wrappers: [],
    comments: ["comment"],
    attributes: [],
  },
  php: {
    declarations: {
      namespace_definition: rule("module", "namespace"),
      class_declaration: rule("class", "class"),
      interface_declaration: rule("interface", "interface"),
      trait_declaration: rule("trait", "trait"),
      enum_declaration: rule("enum", "enum"),
      function_definition: rule("function", "function"),
      method_declaration: rule("method", "function"),
    },
    wrappers: [],
    comments: ["comment"],
    attributes: ["attribute_list"],
  },
  shell: {
    declarations: { function_definition: rule("function", "function") },
    wrappers: [],
    comments: ["comment"],
    attributes: [],
  },
  // The grammar gives no fields: a declaration's name is its first
  // identifier child, its body a child of its own type. Interfaces and enum
  // classes are class_declarations too, told apart only by a keyword.
  // Properties are not read (as Java's fields are not).
  kotlin: {
    declarations: {
      class_declaration: rule("class", "class", KOTLIN_TYPE_NAME),
      object_declaration: rule("class", "object", KOTLIN_TYPE_NAME),
      // `fun String.trimmed()`: the receiver is a type, the name an identifier.
      function_declaration: rule("function", "fun", {
        name: { child: ["simple_identifier"] },
      }),
      type_alias: rule("type", "typealias", KOTLIN_TYPE_NAME),
    },
    wrappers: [],
    comments: ["line_comment", "multiline_comment"],
    attributes: [],
    bodies: ["class_body", "enum_class_body", "function_body"],
    holdTrailingComments: ["package_header", "import_list", "import_header"],
  },
  swift: {
    declarations: {
      // One node type for classes, structs, enums, actors and extensions;
      // an extension, like Rust's impl, adds to a type declared elsewhere.
      class_declaration: [
        { kind: "struct", keyword: "struct", when: SWIFT_KIND("struct") },
        { kind: "enum", keyword: "enum", when: SWIFT_KIND("enum") },
        { kind: "impl", keyword: "extension", when: SWIFT_KIND("extension") },
        { kind: "class", keyword: "actor", when: SWIFT_KIND("actor") },
        { kind: "class", keyword: "class" },
      ],
      protocol_declaration: rule("interface", "protocol"),
      function_declaration: rule("function", "func"),
      protocol_function_declaration: rule("method", "func"),
      init_declaration: rule("method", ""),
      typealias_declaration: rule("type", "typealias"),
      // `let maxSize = 10`, `static let origin = …`; not a function's locals.
      property_declaration: rule("variable", "", { outsideFunctions: true }),
    },
    wrappers: [],
    comments: ["comment", "multiline_comment"],
    attributes: [],
  },
  scala: {
    declarations: {
      class_definition: rule("class", "class"),
      object_definition: rule("class", "object"),
      trait_definition: rule("trait", "trait"),
      enum_definition: rule("enum", "enum"),
      function_definition: rule("function", "def"),
      function_declaration: rule("function", "def"),
      type_definition: rule("type", "type"),
      // `val MaxEntries = 100`; not a function's locals, not a pattern.
      val_definition: rule("variable", "val", SCALA_VALUE),
      var_definition: rule("variable", "var", SCALA_VALUE),
    },
    wrappers: [],
    comments: ["comment", "block_comment"],
    attributes: [],
  },
};
