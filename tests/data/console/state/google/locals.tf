locals {
  vm_ips      = google_compute_instance.vm[*].network_interface[0].network_ip
  nat_ips     = flatten([for v in google_compute_instance.vm : [for ni in v.network_interface : [for ac in ni.access_config : ac.nat_ip]]])
  disk_sizes  = { for v in google_compute_instance.vm : v.name => v.boot_disk[0].initialize_params[0].size }
  all_labels  = merge(google_compute_instance.vm[0].labels, google_compute_instance.vm[1].labels)
  bucket_urls = { for k, b in google_storage_bucket.b : k => b.url }
  scopes      = google_compute_instance.vm[0].service_account[0].scopes
}
