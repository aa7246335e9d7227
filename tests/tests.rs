//! Integration tests of the whole workspace, one module per topic.
#![allow(clippy::unwrap_used)]

mod bloxorz;
mod budget;
mod common;
mod generate;
mod house;
mod mechanic;
mod oracle;
mod publishable;
mod published;
mod render;
mod rolling;
mod rules;
mod rules_model;
mod snapshots;
mod spec_jumping;
mod tilings;
mod worked;
