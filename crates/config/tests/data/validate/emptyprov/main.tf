provider "terraform" {}
