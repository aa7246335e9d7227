//! Integration tests of the whole workspace, one module per topic.
#![allow(clippy::unwrap_used)]

mod common;
mod oracle;
mod render;
mod snapshots;
mod worked;
