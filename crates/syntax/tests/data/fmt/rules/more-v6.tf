variable "x" {
  type=set
  default=[]
}
