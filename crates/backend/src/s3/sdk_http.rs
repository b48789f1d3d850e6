//! `SdkHttp`: the AWS SDK's HTTP client trait over the one client every backend uses (ureq + rustls), so the SDK's credential providers honour the proxies, CA variables and bounded waits as the rest of terrace does.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::{HttpRequest, HttpResponse};
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_runtime_api::http::{Response, StatusCode};
use aws_smithy_types::body::SdkBody;

use crate::client::{CONNECT_TIMEOUT, Http, Reply, TlsOptions};
use crate::env::Env;

/// The SDK's HTTP client: each connector it asks for is a [`Http`] with the waits the SDK wants
/// (never longer than terrace's own), its request run on tokio's blocking pool.
#[derive(Clone)]
pub(super) struct SdkHttp {
    env: Env,
    tls: TlsOptions,
}

impl SdkHttp {
    pub(super) fn new(env: &Env, tls: &TlsOptions) -> SdkHttp {
        SdkHttp {
            env: env.clone(),
            tls: tls.clone(),
        }
    }
}

impl std::fmt::Debug for SdkHttp {
    /// Nothing of the environment (it may hold credentials).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SdkHttp(ureq)")
    }
}

impl HttpClient for SdkHttp {
    fn http_connector(
        &self,
        settings: &HttpConnectorSettings,
        _components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        let connect = settings.connect_timeout().unwrap_or(CONNECT_TIMEOUT);
        let answer = settings
            .read_timeout()
            .unwrap_or(Duration::from_secs(u64::MAX / 4));
        let http = Http::new(&self.env, self.tls.clone()).with_timeouts(connect, answer);
        SharedHttpConnector::new(Connector {
            http: Arc::new(Mutex::new(http)),
        })
    }
}

/// One connector: a [`Http`] behind a lock (its agents are reused between requests).
struct Connector {
    http: Arc<Mutex<Http>>,
}

impl std::fmt::Debug for Connector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Connector(ureq)")
    }
}

impl HttpConnector for Connector {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let http = Arc::clone(&self.http);
        let method = request.method().to_string();
        let url = request.uri().to_string();
        let headers: Vec<(String, String)> = request
            .headers()
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let body = request.body().bytes().map(<[u8]>::to_vec);
        HttpConnectorFuture::new(async move {
            let Some(body) = body else {
                return Err(ConnectorError::other(
                    "a streaming request body (the credential providers send none)".into(),
                    None,
                ));
            };
            let job = tokio::task::spawn_blocking(move || -> Result<Reply, String> {
                let http = http
                    .lock()
                    .map_err(|_| "the HTTP client's lock was poisoned".to_string())?;
                http.request(&method, &url, &headers, &body)
                    .map_err(|t| t.message)
            });
            let reply = match job.await {
                Ok(Ok(reply)) => reply,
                Ok(Err(message)) => return Err(ConnectorError::io(message.into())),
                Err(_) => {
                    return Err(ConnectorError::other(
                        "the request's thread stopped".into(),
                        None,
                    ));
                }
            };
            let status = StatusCode::try_from(reply.status)
                .map_err(|_| ConnectorError::other("a bad HTTP status".into(), None))?;
            let mut response: HttpResponse = Response::new(status, SdkBody::from(reply.body));
            for (name, value) in reply.headers {
                response.headers_mut().append(name, value);
            }
            Ok(response)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    /// A one-request HTTP server on 127.0.0.1: returns its URL and a handle giving what it read.
    fn one_shot(answer: &'static str) -> (String, std::thread::JoinHandle<String>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let url = format!("http://{}", listener.local_addr().expect("its address"));
        let handle = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().expect("a connection");
            let mut seen = Vec::new();
            let mut buf = [0u8; 4096];
            while !String::from_utf8_lossy(&seen).contains("\r\n\r\nbody-bytes") {
                let n = stream.read(&mut buf).unwrap_or(0);
                if n == 0 {
                    break;
                }
                seen.extend_from_slice(&buf[..n]);
            }
            let _ = stream.write_all(answer.as_bytes());
            String::from_utf8_lossy(&seen).into_owned()
        });
        (url, handle)
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    }

    fn connector() -> Connector {
        Connector {
            http: Arc::new(Mutex::new(Http::new(
                &Env::default(),
                TlsOptions::default(),
            ))),
        }
    }

    #[test]
    fn a_put_with_headers_and_body_and_its_answer() {
        let (url, server) =
            one_shot("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-Token-Ttl: 21600\r\n\r\ntoken");
        let mut request = HttpRequest::new(SdkBody::from("body-bytes"));
        request
            .set_uri(format!("{url}/latest/api/token"))
            .expect("a URI");
        request.set_method("PUT").expect("a method");
        request
            .headers_mut()
            .insert("x-aws-ec2-metadata-token-ttl-seconds", "21600");
        let response = runtime()
            .block_on(connector().call(request))
            .expect("an answer");
        assert_eq!(response.status().as_u16(), 200);
        assert_eq!(response.headers().get("x-token-ttl"), Some("21600"));
        assert_eq!(response.body().bytes(), Some(&b"token"[..]));
        let seen = server.join().expect("the server's thread");
        assert!(
            seen.starts_with("PUT /latest/api/token HTTP/1.1\r\n"),
            "{seen}"
        );
        assert!(
            seen.to_ascii_lowercase()
                .contains("x-aws-ec2-metadata-token-ttl-seconds: 21600"),
            "{seen}"
        );
        assert!(seen.ends_with("body-bytes"), "{seen}");
    }

    #[test]
    fn nothing_listening_is_an_io_error() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut request = HttpRequest::new(SdkBody::empty());
        request
            .set_uri(format!("http://127.0.0.1:{port}/"))
            .expect("a URI");
        let Err(e) = runtime().block_on(connector().call(request)) else {
            panic!("an answer from nothing");
        };
        assert!(e.is_io(), "{e:?}");
        assert!(format!("{:?}", e).contains("connection refused"), "{e:?}");
    }
}
