//! What a subcommand reports when it does not end with a yes, and the exit status each
//! outcome gives.

/// What a subcommand reports when it does not end with a yes.
pub(crate) enum Failure {
    /// It could not do its job: a maze-file diagnostic or other error, printed with miette
    /// (exit status 2).
    Report(miette::Report),
    /// It could not do its job, and has said why already (exit status 2).
    Error,
    /// It did its job and the answer is no, with a report to print if any (exit status 1).
    Negative(Option<miette::Report>),
    /// Its reader closed standard output (`maze generate | head`): nothing more is wanted, so
    /// it stops quietly (exit status 0, as a pipeline into `head` expects).
    Closed,
}

impl<E: miette::Diagnostic + Send + Sync + 'static> From<Box<E>> for Failure {
    fn from(e: Box<E>) -> Self {
        Failure::Report(miette::Report::new_boxed(e))
    }
}
