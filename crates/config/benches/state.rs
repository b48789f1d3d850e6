//! Benchmark of the state reader: generates a state of 20,000 resource instances
//! (about 60 MB of aws-like instances with nested blocks, sets, maps and sensitive
//! paths), then, in a fresh child process so that peak memory is the reader's own,
//! times loading it, answering a first lookup, and decoding every instance.
//!
//! Run with `cargo bench -p terrace-config --bench state` (add `-- N` for N instances).
//! `TERRACE_BENCH_LOAD_ONLY=1` skips decoding every instance; `TERRACE_BENCH_PHASES=1`
//! times reading, UTF-8 checking and scanning apart; `TERRACE_BENCH_SCHEMAS=FILE` times
//! reading a `terraform providers schema -json` document.
#![allow(clippy::unwrap_used, clippy::print_stdout, clippy::print_stderr)]

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use terrace_config::state::{InstanceKey, ModuleInstance, ResourceMode, Schemas, State};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(pos) = args.iter().position(|a| a == "--load") {
        load(Path::new(&args[pos + 1]));
        return;
    }
    let n_instances = args
        .iter()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .unwrap_or(20_000);
    let path = std::env::temp_dir().join(format!("terrace-bench-{}.tfstate", std::process::id()));
    let text = generate(n_instances);
    std::fs::write(&path, &text).unwrap();
    println!(
        "state: {n_instances} instances, {:.1} MB ({})",
        text.len() as f64 / 1e6,
        path.display()
    );
    drop(text);
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .arg("--load")
        .arg(&path)
        .status()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(status.success());
}

/// Loads the state at `path` and reports times and peak memory.
fn load(path: &Path) {
    let schemas_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/console/state/aws-basic/schemas.json");
    if let Some(big) = std::env::var_os("TERRACE_BENCH_SCHEMAS") {
        let t = Instant::now();
        let schemas = Schemas::from_file(Path::new(&big)).unwrap();
        println!("schemas {big:?}: {:?}", t.elapsed());
        drop(schemas);
    }
    if std::env::var_os("TERRACE_BENCH_PHASES").is_some() {
        let t = Instant::now();
        let bytes = std::fs::read(path).unwrap();
        let read = t.elapsed();
        let text = String::from_utf8(bytes).unwrap();
        let utf8 = t.elapsed();
        let state = State::from_text("x", &text, &Schemas::builtin()).unwrap();
        println!(
            "read {read:?}, +utf8 {utf8:?}, from_text (copy + scan) {:?}",
            t.elapsed() - utf8
        );
        drop(state);
    }
    let start = Instant::now();
    let schemas = Schemas::from_file(&schemas_path).unwrap();
    let state = State::read(path, &schemas).unwrap();
    let loaded = start.elapsed();
    let resource = state
        .resource(
            &ModuleInstance::root(),
            ResourceMode::Managed,
            "aws_instance",
            "r1",
        )
        .unwrap();
    let value = resource
        .instance(&InstanceKey::Int(3))
        .unwrap()
        .current()
        .unwrap()
        .value()
        .unwrap();
    assert!(value.get_attr("private_ip").is_some());
    let first = start.elapsed();
    println!(
        "load (read + scan + index):      {:>8.1} ms",
        loaded.as_secs_f64() * 1e3
    );
    println!(
        "first lookup answered after:     {:>8.1} ms",
        first.as_secs_f64() * 1e3
    );
    println!("peak memory after load (VmHWM):  {:>8} kB", peak_kb());
    if std::env::var_os("TERRACE_BENCH_LOAD_ONLY").is_some() {
        return;
    }
    let decode_start = Instant::now();
    let mut n = 0;
    for r in state.resources() {
        for i in r.instances() {
            i.current().unwrap().value().unwrap();
            n += 1;
        }
    }
    println!(
        "decode all {n} instances:       {:>8.1} ms",
        decode_start.elapsed().as_secs_f64() * 1e3
    );
    println!("peak memory after decoding all:  {:>8} kB", peak_kb());
}

/// The process's peak resident memory (`VmHWM` of `/proc/self/status`), 0 where unknown.
fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// A state of `n_instances` instances: aws-like instances with nested blocks, sets, maps.
fn generate(n_instances: usize) -> String {
    let mut out = String::from(
        "{\n  \"version\": 4,\n  \"terraform_version\": \"1.15.5\",\n  \"serial\": 1,\n  \"lineage\": \"bench\",\n  \"outputs\": {},\n  \"resources\": [\n",
    );
    let per_resource = 10;
    let n_resources = n_instances / per_resource;
    for r in 0..n_resources {
        if r > 0 {
            out.push_str(",\n");
        }
        let module = if r % 3 == 0 {
            format!("\n      \"module\": \"module.m{}[{}]\",", r % 7, r % 2)
        } else {
            String::new()
        };
        write!(out, "    {{{module}\n      \"mode\": \"managed\",\n      \"type\": \"aws_instance\",\n      \"name\": \"r{r}\",\n      \"provider\": \"provider[\\\"tf.example.com/hashicorp/aws\\\"]\",\n      \"instances\": [\n").unwrap();
        for i in 0..per_resource {
            if i > 0 {
                out.push_str(",\n");
            }
            write!(out, r#"        {{
          "index_key": {i},
          "schema_version": 1,
          "attributes": {{
            "ami": "ami-0a8e758f5e873d1c1",
            "arn": "arn:aws:ec2:eu-west-1:123456789012:instance/i-{r:08x}{i:08x}",
            "associate_public_ip_address": true,
            "availability_zone": "eu-west-1a",
            "cpu_core_count": 1,
            "cpu_threads_per_core": 2,
            "credit_specification": [
              {{
                "cpu_credits": "unlimited"
              }}
            ],
            "ebs_block_device": [
              {{
                "delete_on_termination": true,
                "device_name": "/dev/sdf",
                "encrypted": true,
                "iops": 3000,
                "kms_key_id": "arn:aws:kms:eu-west-1:123456789012:key/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
                "snapshot_id": "",
                "tags": {{
                  "Disk": "sdf"
                }},
                "throughput": 125,
                "volume_id": "vol-{r:08x}{i:08x}",
                "volume_size": 50,
                "volume_type": "gp3"
              }}
            ],
            "id": "i-{r:08x}{i:08x}",
            "instance_state": "running",
            "instance_type": "t3.micro",
            "ipv6_addresses": [],
            "key_name": "",
            "metadata_options": [
              {{
                "http_endpoint": "enabled",
                "http_put_response_hop_limit": 1,
                "http_tokens": "required",
                "instance_metadata_tags": "disabled"
              }}
            ],
            "monitoring": false,
            "password_data": "",
            "primary_network_interface_id": "eni-{r:08x}{i:08x}",
            "private_dns": "ip-10-0-{i}-{r}.eu-west-1.compute.internal",
            "private_ip": "10.0.{i}.{r}",
            "public_ip": "54.{i}.{r}.1",
            "root_block_device": [
              {{
                "delete_on_termination": true,
                "device_name": "/dev/sda1",
                "encrypted": true,
                "iops": 3000,
                "tags": null,
                "throughput": 125,
                "volume_size": 20,
                "volume_type": "gp3"
              }}
            ],
            "subnet_id": "subnet-0a1b2c3d4e5f6a7b8",
            "tags": {{
              "Name": "web-{r}-{i}",
              "Role": "web"
            }},
            "tags_all": {{
              "ManagedBy": "terraform",
              "Name": "web-{r}-{i}",
              "Role": "web"
            }},
            "timeouts": null,
            "user_data": null,
            "vpc_security_group_ids": [
              "sg-0e1f2a3b4c5d6e7f8"
            ]
          }},
          "sensitive_attributes": [
            [
              {{
                "type": "get_attr",
                "value": "password_data"
              }}
            ]
          ],
          "identity_schema_version": 0,
          "private": "eyJzY2hlbWFfdmVyc2lvbiI6IjEifQ==",
          "dependencies": [
            "aws_security_group.web",
            "aws_subnet.public"
          ]
        }}"#).unwrap();
        }
        out.push_str("\n      ]\n    }");
    }
    out.push_str("\n  ],\n  \"check_results\": null\n}\n");
    out
}
