module venue/tlsproxy

go 1.25.0
