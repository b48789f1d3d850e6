a b {
} c
