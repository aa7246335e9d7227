//! One line of RON in the maze file's extensions, and the options every maze file is read
//! with: what the writers of rules and mazes share.

use ron::extensions::Extensions;

/// The RON options every maze file is read with: newtype variants unwrapped
/// (`Fixed((1, 2))` as `Fixed(1, 2)`) and `Some` implicit.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(EXTENSIONS)
}

pub(crate) const EXTENSIONS: Extensions =
    Extensions::UNWRAP_VARIANT_NEWTYPES.union(Extensions::IMPLICIT_SOME);

/// A value as one line of RON, `(a: 1, b: Some)` style, in the file's extensions.
pub fn one_line<T: serde::Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line("")
        .indentor("")
        .separator(" ")
        .struct_names(false)
        .compact_arrays(true)
        .compact_structs(true)
        .extensions(EXTENSIONS);
    let text = ron::ser::to_string_pretty(value, config).unwrap_or_default();
    // The serializer announces the extensions it used (`#![enable(...)]`); the reader enables
    // them anyway.
    let mut rest = text.trim();
    while let Some(after) = rest.strip_prefix("#![") {
        rest = after.split_once(']').map_or("", |(_, r)| r).trim_start();
    }
    rest.to_string()
}
