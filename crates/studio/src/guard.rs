//! The DNS-rebinding guard: a request must name the studio itself in `Host` (else 421) and,
//! when it carries an `Origin`, come from the studio's own page (else 403). A page on another
//! site that a browser was tricked into sending here, under a name that resolves to
//! loopback, names that site, not the studio.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The host names (with port) the studio answers to.
#[derive(Clone, Debug)]
pub(crate) struct Hosts(Arc<Vec<String>>);

impl Hosts {
    /// The names of `addr`: the address itself, and for loopback `localhost` too.
    pub(crate) fn of(addr: SocketAddr) -> Hosts {
        let port = addr.port();
        let mut names = vec![addr.to_string()];
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            names.push(format!("localhost:{port}"));
            names.push(format!("127.0.0.1:{port}"));
            names.push(format!("[::1]:{port}"));
        }
        if addr.ip().is_unspecified() {
            // Listening everywhere: reached at any of the machine's addresses, which the
            // studio does not list. An address is no DNS name, so it cannot be rebound.
            names.push(format!("*:{port}"));
        }
        names.sort();
        names.dedup();
        Hosts(Arc::new(names))
    }

    fn allows(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        self.0.iter().any(|name| {
            name == &host
                || name.strip_prefix("*:").is_some_and(|port| {
                    host.rsplit_once(':').is_some_and(|(ip, p)| {
                        p == port
                            && ip
                                .trim_start_matches('[')
                                .trim_end_matches(']')
                                .parse::<std::net::IpAddr>()
                                .is_ok()
                    })
                })
        })
    }
}

/// Why a request was refused, or `None` when it may go on.
pub(crate) fn refusal(hosts: &Hosts, headers: &HeaderMap) -> Option<(StatusCode, String)> {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !hosts.allows(host) {
        return Some((
            StatusCode::MISDIRECTED_REQUEST,
            format!("this is the maze studio, not `{host}`: requests must name it in Host"),
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let own = origin
            .strip_prefix("http://")
            .is_some_and(|rest| rest.eq_ignore_ascii_case(host));
        if !own {
            return Some((
                StatusCode::FORBIDDEN,
                format!(
                    "requests from `{origin}` are refused: only the studio's own page may call it"
                ),
            ));
        }
    }
    None
}

/// The middleware: every route goes through it.
pub(crate) async fn check(State(hosts): State<Hosts>, request: Request, next: Next) -> Response {
    match refusal(&hosts, request.headers()) {
        Some((status, message)) => {
            (status, axum::Json(serde_json::json!({ "error": message }))).into_response()
        }
        None => next.run(request).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(k, v.parse().expect("a header value"));
        }
        h
    }

    #[test]
    fn loopback_names_pass_and_others_do_not() {
        let hosts = Hosts::of("127.0.0.1:8123".parse().expect("an address"));
        for ok in ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123"] {
            assert!(
                refusal(&hosts, &headers(&[(header::HOST, ok)])).is_none(),
                "{ok}"
            );
        }
        for bad in ["evil.example:8123", "127.0.0.1:9999", ""] {
            let refused = refusal(&hosts, &headers(&[(header::HOST, bad)]));
            assert_eq!(refused.map(|r| r.0), Some(StatusCode::MISDIRECTED_REQUEST));
        }
        let foreign = headers(&[
            (header::HOST, "127.0.0.1:8123"),
            (header::ORIGIN, "http://evil.example"),
        ]);
        assert_eq!(
            refusal(&hosts, &foreign).map(|r| r.0),
            Some(StatusCode::FORBIDDEN)
        );
        let everywhere = Hosts::of("0.0.0.0:8123".parse().expect("an address"));
        for ok in ["192.0.2.7:8123", "[2001:db8::1]:8123", "localhost:8123"] {
            assert!(
                refusal(&everywhere, &headers(&[(header::HOST, ok)])).is_none(),
                "{ok}"
            );
        }
        for bad in ["rebound.example:8123", "192.0.2.7:9999"] {
            assert!(
                refusal(&everywhere, &headers(&[(header::HOST, bad)])).is_some(),
                "{bad}"
            );
        }
        let own = headers(&[
            (header::HOST, "127.0.0.1:8123"),
            (header::ORIGIN, "http://127.0.0.1:8123"),
        ]);
        assert!(refusal(&hosts, &own).is_none());
    }
}
