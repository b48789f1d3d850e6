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
