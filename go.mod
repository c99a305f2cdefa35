module github.com/marketingfork/fork

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/hashicorp/go-retryablehttp v0.7.8
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)

require github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
