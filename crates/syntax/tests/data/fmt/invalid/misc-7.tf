a = "%{ for x in y }%{ else }%{ endfor }"
